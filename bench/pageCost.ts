// What a first touch of memory costs on the machine, for the table's header: every whole-process
// figure carries its page faults (one per fresh 4 KB page the process writes), and their cost varies
// by more than tenfold between machines (a virtual machine's fault can cost ~15 µs; a native one
// well under 1 µs), which moves figures that allocate as much as any change to the code does.

const PAGE = 4096;
const BYTES = 32 * 1024 * 1024;

/** Microseconds per fresh page: writing a new (never touched) buffer, less writing it again. */
export function freshPageMicros(): number {
  // allocUnsafeSlow: memory of its own, not from Node's pool, untouched until written (a large
  // allocation is a fresh mapping).
  const buffer = Buffer.allocUnsafeSlow(BYTES);
  const touch = (value: number) => {
    const t = performance.now();
    for (let i = 0; i < BYTES; i += PAGE) buffer[i] = value;
    return performance.now() - t;
  };
  const first = touch(1);
  const again = touch(2);
  return ((first - again) * 1000) / (BYTES / PAGE);
}
