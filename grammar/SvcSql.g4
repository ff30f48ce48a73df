// Grammar of the service's SQL-style statements.
//
// The grammar is deliberately shape-level: it knows words, `KEY = value` properties, WITH pairs,
// lists and partition groups, but not which words make which statement. That knowledge lives in
// the dialect catalog (core/src/catalog), so adding a statement is a catalog entry and
// the editor never refuses a statement the service might accept (see docs/statements.md).
// Files are split into statements before parsing; each statement is parsed on its own.
grammar SvcSql;

options { caseInsensitive = true; }

statement
    : element+ EOF
    ;

element
    : property
    | withClause
    | word
    ;

// KEY = value, e.g. SOURCE = 'kafka', MIN_SYNC_FREQUENCY_MINS = 5, STATE = PAUSE.
property
    : name EQ value
    ;

value
    : STRING
    | INTEGER
    | list
    | name
    ;

// ('a', 'b'), (), or partition groups: (field = 'f' partition_type = '' ..., field = ...).
list
    : LPAREN (listItem (COMMA listItem)*)? RPAREN
    ;

listItem
    : STRING
    | INTEGER
    | group
    ;

group
    : groupPair+
    ;

groupPair
    : name EQ (STRING | INTEGER)
    ;

// WITH 'kafka.topic.name' = 'orders', 'kafka.topic.type' = 'event'
withClause
    : WITH withPair (COMMA withPair)*
    ;

withPair
    : withKey EQ withValue
    ;

withKey
    : STRING
    | name
    ;

withValue
    : STRING
    | INTEGER
    | list
    | name
    ;

// Statement words, object names and bare values: FLOW, my_flow, `run-123`, lake.db.table.
word
    : name
    ;

name
    : identifier (DOT identifier)*
    ;

identifier
    : IDENTIFIER
    | BACKTICKED
    ;

WITH    : 'WITH';
EQ      : '=';
COMMA   : ',';
DOT     : '.';
LPAREN  : '(';
RPAREN  : ')';
SEMI    : ';';

// Strings and backticked names stay on one line, so that an unclosed quote cannot swallow the
// rest of the file while a person is typing; the unterminated forms are reported, not skipped.
STRING                 : '\'' (~['\r\n] | '\'\'')* '\'';
UNTERMINATED_STRING    : '\'' (~['\r\n] | '\'\'')*;
BACKTICKED             : '`' ~[`\r\n]* '`';
UNTERMINATED_BACKTICK  : '`' ~[`\r\n]*;
INTEGER                : [0-9]+;
IDENTIFIER             : [A-Z_] [A-Z_0-9]*;

LINE_COMMENT           : '--' ~[\r\n]* -> channel(HIDDEN);
BLOCK_COMMENT          : '/*' .*? '*/' -> channel(HIDDEN);
// Only a comment that never closes: a longest-match '.*? EOF' would swallow closed ones too.
// It stays on the default channel so that it belongs to a statement and gets reported.
UNTERMINATED_COMMENT   : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF;
WS                     : [ \t\r\n\f\u000B\u00A0\uFEFF]+ -> channel(HIDDEN);
UNKNOWN_CHAR           : .;
