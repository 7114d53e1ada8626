// Preloaded into the Next server by `npm start` (node --import): Next's route handlers never see the
// socket, and Next itself fills X-Forwarded-For only when the caller did not send one. Before each
// request is handled, this stamps the peer address of the TCP connection into a header of ours,
// overwriting whatever the caller put there, and marks the process so lib/client-ip.ts trusts it.
import diagnosticsChannel from 'node:diagnostics_channel';

export const SOCKET_ADDRESS_HEADER = 'x-directory-socket-address';
export const STAMPED = Symbol.for('product-directory.socket-address-stamped');

if (!globalThis[STAMPED]) {
  globalThis[STAMPED] = true;
  diagnosticsChannel.subscribe('http.server.request.start', ({ request }) => {
    request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
  });
}
