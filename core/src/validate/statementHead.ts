// The statement's opening words and its object name.
import { allHeads, verbs } from '../catalog/index';
import type { WordNode } from '../syntax/elements';
import { editDistanceWithin } from './didYouMean';
import { cover, headSpan, report, type KnownContext, type RuleContext } from './context';
import { guessNote, headOf, severityFor } from './severity';
import { repeatedStrings } from '../text/repeatedStrings';

const plain = (e: { kind: string }): e is WordNode => e.kind === 'word' && !(e as WordNode).backticked && !(e as WordNode).dotted;

/** Edits a head word may be off by and still count as a typo (head words are short). */
const wordBudget = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

const longestHead = Math.max(...allHeads().map((h) => h.head.length));

export interface HeadSuggestion {
  head: string[];
  /** How many written words it replaces. */
  words: number;
}

/**
 * Suggestions by the written words (upper case, at most longestHead of them, and none after the
 * first that is not within a typo of any head word at its place: all the answer depends on). A
 * file's typos repeat (DESCRIBE OJB on every such line, or DELETE ALKE before each lake's own
 * name), and each search measures the words against every head of the catalog. Bounded: cleared when full.
 */
const suggestions = new Map<string, HeadSuggestion | undefined>();
const MOST_SUGGESTIONS = 2000;

/** The catalog head the written words most likely meant: every word within a typo of the head's word. */
export function suggestHead(words: readonly string[]): HeadSuggestion | undefined {
  const { words: headWords, shortest, longest } = headTable();
  const upper: string[] = [];
  let key = '';
  for (let i = 0; i < words.length && i < longestHead; i++) {
    // No head that every word so far is within a typo of has a word here: the words from here on
    // cannot change the answer (a name after a misspelt head, different on every line, was measured
    // against every head word at its place, and filled the caches).
    if (i > 0 && !headsGoOn(key, upper, i)) {
      key += '\u0001';
      break;
    }
    const word = words[i]!.toUpperCase();
    upper.push(word);
    // A word that is no typo of any head word at its place: every head that reaches it is out, so
    // what follows cannot change the answer, and any such word (a name) gives the same one: the
    // key has a mark in its place. A word too short or too long to be one is not measured.
    if (word.length < shortest[i]! || word.length > longest[i]! || !anyWithin(distancesAt(i, word, headWords[i]!))) {
      key += '\u0001';
      break;
    }
    key += word + '\u0000';
  }
  if (suggestions.has(key)) return suggestions.get(key);
  const found = searchHead(upper);
  if (suggestions.size >= MOST_SUGGESTIONS) suggestions.clear();
  suggestions.set(key, found);
  return found;
}

/** headsGoOn's answers by the key of the words before the place (bounded: cleared when full). */
const goesOn = new Map<string, boolean>();

/** True when a head that each of the first `i` words (`key`, `upper`) is within a typo of has an i-th word. */
function headsGoOn(key: string, upper: readonly string[], i: number): boolean {
  let on = goesOn.get(key);
  if (on !== undefined) return on;
  const { words, heads } = headTable();
  on = false;
  for (let h = 0; h < heads.length && !on; h++) {
    const { head, at } = heads[h]!;
    if (head.length <= i) continue;
    let within = true;
    for (let j = 0; j < i && within; j++) within = distancesAt(j, upper[j]!, words[j]!)[at[j]!] !== Infinity;
    on = within;
  }
  if (goesOn.size >= MOST_SUGGESTIONS) goesOn.clear();
  goesOn.set(key, on);
  return on;
}

/**
 * The catalog's heads as indexes into the distinct words found at each word position (15 first
 * words, 26 second words, … for 63 heads), worked out once: a search then adds up distances
 * looked up by index, with no key made per head word.
 */
interface HeadTable {
  /** words[i]: the distinct head words at position i. */
  words: string[][];
  /** Each head (allHeads' order) with, per position, the index of its word in words[i]. */
  heads: { head: string[]; at: number[] }[];
  /** shortest[i], longest[i]: the lengths a word at position i must be within to be a typo of one there. */
  shortest: number[];
  longest: number[];
}

let table: HeadTable | undefined;

function headTable(): HeadTable {
  if (table) return table;
  const words: string[][] = [];
  const heads = allHeads().map(({ head }) => ({
    head,
    at: head.map((word, i) => {
      const list = (words[i] ??= []);
      const k = list.indexOf(word);
      return k >= 0 ? k : list.push(word) - 1;
    }),
  }));
  const shortest = words.map((list) => Math.min(...list.map((w) => w.length - wordBudget(w.length))));
  const longest = words.map((list) => Math.max(...list.map((w) => w.length + wordBudget(w.length))));
  return (table = { words, heads, shortest, longest });
}

/**
 * Distances of a written word (upper case) at position i to every head word there (Infinity past
 * the word's typo budget), by word: a file's words repeat (CREATE, a misspelt FLWO), and each
 * search measured each of them against the catalog afresh. Bounded: cleared when full.
 */
const distances: Map<string, Float64Array>[] = [];
/** Written words measured against the head words at their place (a count for tests). */
export const headSearchWork = { measured: 0 };
const MOST_DISTANCES = 2000;

/** Float64Array: lists of small integers and of Infinity had two element kinds, which deoptimised searchHead ("wrong map"). */
function distancesAt(i: number, word: string, headWords: readonly string[]): Float64Array {
  const byWord = (distances[i] ??= new Map());
  let found = byWord.get(word);
  if (!found) {
    headSearchWork.measured++;
    found = new Float64Array(headWords.length);
    for (let k = 0; k < headWords.length; k++) {
      const budget = wordBudget(headWords[k]!.length);
      const d = editDistanceWithin(word, headWords[k]!, budget);
      found[k] = d > budget ? Infinity : d;
    }
    if (byWord.size >= MOST_DISTANCES) byWord.clear();
    byWord.set(word, found);
  }
  return found;
}

function anyWithin(found: Float64Array): boolean {
  for (let k = 0; k < found.length; k++) if (found[k] !== Infinity) return true;
  return false;
}

function searchHead(upper: readonly string[]): HeadSuggestion | undefined {
  let best: { head: string[]; distance: number } | undefined;
  const { words, heads } = headTable();
  for (let h = 0; h < heads.length; h++) {
    const { head, at } = heads[h]!;
    if (head.length > upper.length) continue;
    let distance = 0;
    for (let i = 0; i < head.length && distance !== Infinity; i++) distance += distancesAt(i, upper[i]!, words[i]!)[at[i]!]!;
    if (distance === 0 || distance === Infinity) continue;
    // Closest first; between equals, the longer head explains more of what was written.
    if (!best || distance < best.distance || (distance === best.distance && head.length > best.head.length)) best = { head, distance };
  }
  return best ? { head: best.head, words: best.head.length } : undefined;
}

/**
 * A catalog head's words joined, one string a head: a document keeps the message, the fix's title
 * and its replacement of every misspelt head, and three new copies of the same words were a tenth
 * of what a statement with this warning kept (a file of a million such lines: ~95 MB).
 */
const joinedHeads = new WeakMap<readonly string[], string>();
function joinedHead(head: readonly string[]): string {
  let text = joinedHeads.get(head);
  if (text === undefined) joinedHeads.set(head, (text = head.join(' ')));
  return text;
}

/**
 * The message of a misspelt head, one string for the same words written and suggested (a file
 * repeats its typos, and a document keeps each in its statement's warning). Keyed `written\nsuggested`:
 * neither holds a line break.
 */
const misspeltHeadMessage = repeatedStrings((key) => {
  const [written, suggested] = key.split('\n');
  return `${written} is not a statement the editor knows; did you mean ${suggested}? (The service decides what it accepts.)`;
});

/** Writes a head (its words joined) in the case the person used: all lower case stays lower case. */
function inWrittenCase(text: string, written: readonly WordNode[]): string {
  const lower = written.length > 0 && written.every((w) => w.text === w.text.toLowerCase());
  return lower ? text.toLowerCase() : text;
}

export function checkUnknownStatement(ctx: RuleContext): void {
  const leading: WordNode[] = [];
  for (const e of ctx.resolved.parsed.elements) {
    if (!plain(e)) break;
    leading.push(e);
  }
  if (leading.length === 0) return; // the parser already reports what it found instead of a keyword
  // Something the parser rejected stands before the words: they are not the statement's head.
  if (ctx.resolved.parsed.issues.some((i) => i.span.start < leading[0]!.span.start)) return;
  const suggestion = suggestHead(leading.map((w) => w.text));
  if (suggestion) {
    const written = leading.slice(0, suggestion.words);
    const suggested = joinedHead(suggestion.head);
    const replacement = inWrittenCase(suggested, written);
    const writtenText = written.map((w) => w.text).join(' ');
    report(
      ctx,
      cover(written[0]!.span, written[written.length - 1]!.span),
      'warning',
      'unknown-statement',
      misspeltHeadMessage(`${writtenText}\n${suggested}`),
      { replacement, fixTitle: `Change to ${suggested}` },
    );
    return;
  }
  const first = leading[0]!;
  const isVerb = verbs().has(first.upper);
  const shown = isVerb && leading[1] ? [first, leading[1]] : [first];
  report(
    ctx,
    cover(shown[0]!.span, shown[shown.length - 1]!.span),
    'warning',
    'unknown-statement',
    isVerb
      ? `${shown.map((w) => w.upper).join(' ')} is not a statement the editor knows; the service decides whether it accepts it.`
      : `${first.text} does not start a statement the editor knows (statements start with ${[...verbs()].slice(0, 4).join(', ')}, …); the service decides whether it accepts it.`,
  );
}

export function checkName(ctx: KnownContext): void {
  const { spec, resolved } = ctx;
  const nameSpec = spec.name;
  if (!nameSpec) return;
  const name = resolved.name;
  if (!name) {
    if (nameSpec.required) {
      report(
        ctx,
        headSpan(ctx),
        severityFor(spec.certainty),
        'missing-name',
        `Write the ${nameSpec.label} after ${resolved.head.map((w) => w.upper).join(' ')}${guessNote(ctx)}.`,
      );
    }
    return;
  }
  if (nameSpec.backticked && !name.backticked && !name.dotted) {
    report(
      ctx,
      name.span,
      'warning',
      'name-not-backticked',
      `The ${nameSpec.label} of ${headOf(ctx)} is written in backticks: \`${name.text}\`.`,
      {
        replacement: `\`${name.text}\``,
        fixTitle: `Write \`${name.text}\``,
      },
    );
  }
}
