// Demo only, loaded by `npm start` next to the svcsql extension. The demo writes the emulator's
// profile (loopback base URL, demo identifiers) into the demo's own user settings; key and secret
// belong in SecretStorage, which the demo cannot write from outside (in the browser VS Code it lives
// in the browser's profile). So this helper stores them through the extension's own API
// (storeCredentials), once per browser profile, and only when the active profile points at a
// loopback address: the values are the emulator's public demo ones, never real credentials.
'use strict';
const vscode = require('vscode');

function isLoopback(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]');
  } catch {
    return false;
  }
}

exports.activate = async function activate() {
  const apiKey = process.env.SVCSQL_DEMO_API_KEY;
  const apiSecret = process.env.SVCSQL_DEMO_API_SECRET;
  if (!apiKey || !apiSecret) return;
  const config = vscode.workspace.getConfiguration('svcsql');
  const name = config.get('activeProfile');
  const profile = (config.get('profiles') || {})[name];
  if (!profile || !isLoopback(profile.baseUrl)) return;
  const ext = vscode.extensions.getExtension('svcsql.svcsql');
  if (!ext) return;
  const api = await ext.activate();
  if (await api.getConnection(name)) return; // already complete in this profile
  await api.storeCredentials(name, { ...profile, apiKey, apiSecret });
  vscode.window.setStatusBarMessage(`Service SQL demo: connected profile "${name}" to the local emulator`, 8000);
};

exports.deactivate = function deactivate() {};
