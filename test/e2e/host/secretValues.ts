// Credentials the in-host suite stores through the extension's API. Made up for the test (the
// emulator's own demo values are used for runs); the runner checks afterwards that these strings
// reached no file on disk.
export const HOST_SUITE_SECRETS = ['e2e-api-key-5d1f9a7c', 'e2e-api-secret-0b8e44d2'];
