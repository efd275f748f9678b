// @balcao/testing/ui: helpers for a plugin's UI tests. Nothing here starts a kernel: import it from UI tests only.

export { checkUiEntry } from './check-ui-entry.js';
export { createFakeUiHost, type FakeApiCall, type FakeUiHost } from './fake-ui-host.js';
export { renderInShell, renderPluginPage } from './render-plugin.js';
