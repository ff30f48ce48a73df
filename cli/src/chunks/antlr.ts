// The ANTLR parser and its runtime (antlr4ng), a bundle of its own (out/cli/antlr.js): the core
// loads them only for a statement its hand-written path rejects (core/src/syntax/antlrParser.ts),
// so a run over valid statements neither reads nor compiles them (scripts/bundle.mjs, cliChunks).
export * from '../../../core/src/syntax/antlrRuntime';
