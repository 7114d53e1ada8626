// One dedicated PostgreSQL connection that LISTENs on a channel and says when it is listening and
// when it dropped. postgres.js's own `sql.listen` reconnects by itself but never says the
// connection was lost, and a listener that is away misses notifications (PostgreSQL does not queue
// them): the caller must know, so this opens its own single connection with `onnotify`/`onclose`.
import postgres from 'postgres';

export type ListenHandlers = {
  onNotify: (payload: string) => void;
  /** LISTEN is in place (at start and after every reconnect). */
  onUp: () => void;
  /** The connection was lost or could not be opened; a reconnect follows after `retryMs`. */
  onDown: () => void;
};

/** The application_name of the listening connection (what pg_stat_activity shows), unless told otherwise. */
const LISTENER_APPLICATION_NAME = 'public-cache-listener';

export function listenOn(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  opts: { retryMs?: number; applicationName?: string } = {},
): { close: () => Promise<void> } {
  const retryMs = opts.retryMs ?? 500;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  // `onnotify` is a connection option postgres.js passes on but does not declare in its types.
  const options: postgres.Options<Record<string, never>> & { onnotify: (name: string, payload: string) => void } = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: opts.applicationName ?? LISTENER_APPLICATION_NAME },
    onnotify: (name: string, payload: string) => {
      if (name === channel) handlers.onNotify(payload);
    },
    onclose: () => down(),
  };
  const sql = postgres(url, options);

  function down() {
    if (closing) return;
    handlers.onDown();
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
  }

  async function connect() {
    try {
      await sql.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
      if (!closing) handlers.onUp();
    } catch {
      down();
    }
  }

  void connect();
  return {
    close: async () => {
      closing = true;
      clearTimeout(timer);
      await sql.end({ timeout: 1 });
    },
  };
}
