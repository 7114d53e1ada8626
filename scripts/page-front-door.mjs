// Preloaded into the Next server by `npm start` (node --import), like refuse-requests.mjs: offers every
// request to the page front door (lib/site/page-front-door.ts, installed at boot) before Next sees it.
// The front door takes only requests for public pages it holds rendered; it hands the others back.
import http from 'node:http';

const FRONT_DOOR = Symbol.for('product-directory.page-front-door');
const PATCHED = Symbol.for('product-directory.page-front-door-preload');

if (!globalThis[PATCHED]) {
  globalThis[PATCHED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    const frontDoor = event === 'request' ? globalThis[FRONT_DOOR] : undefined;
    if (frontDoor && frontDoor(args[0], args[1], () => emit.call(this, event, ...args))) return true;
    return emit.call(this, event, ...args);
  };
}
