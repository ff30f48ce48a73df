import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blankBetween, isSpaceCode } from '../../core/src/validate/blank';

// The validation rules test "only white space between" in place; it must agree with the regular
// expression it replaced on every UTF-16 code unit and every slice rule (negative, reversed, past the end).
test('isSpaceCode is \\s on every UTF-16 code unit', () => {
  for (let code = 0; code <= 0xffff; code++) {
    assert.equal(isSpaceCode(code), /\s/.test(String.fromCharCode(code)), `U+${code.toString(16)}`);
  }
});

test('blankBetween is /^\\s*$/.test(text.slice(from, to))', () => {
  const texts = ['', '  \t\r\n', 'a  b', ' \u00a0\u3000x', '\ufeff \u2028', "KEY = 'v'  \n  NEXT"];
  for (const text of texts) {
    for (let from = -text.length - 2; from <= text.length + 2; from++) {
      for (let to = -text.length - 2; to <= text.length + 2; to++) {
        assert.equal(blankBetween(text, from, to), /^\s*$/.test(text.slice(from, to)), `${JSON.stringify(text)} ${from}..${to}`);
      }
    }
  }
});
