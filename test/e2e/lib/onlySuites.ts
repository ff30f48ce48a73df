// SVCSQL_E2E_SUITES: the suites a run is limited to (host suites by file stem, UI suites by name);
// empty means all of them.
export function onlySuites(): string[] {
  return (process.env.SVCSQL_E2E_SUITES ?? '').split(',').filter(Boolean);
}
