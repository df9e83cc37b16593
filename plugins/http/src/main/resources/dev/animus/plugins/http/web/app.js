// A placeholder: the dashboard replaces this file. It reads the daemon's status once.
'use strict';
fetch('/rpc', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'daemon/status', params: {} })
})
  .then((r) => r.json())
  .then((a) => {
    document.getElementById('status').textContent = a.result
      ? 'daemon ' + a.result.version + ', pid ' + a.result.pid
      : 'error: ' + a.error.message;
  });
