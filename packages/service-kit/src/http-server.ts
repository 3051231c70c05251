import type { Server } from 'node:http';

/** Starts listening; rejects (instead of crashing) when the port is taken or not allowed. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is already in use: stop the other process or set PORT.`)
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Stops accepting connections, lets in-flight requests finish (idle keep-alive sockets are closed at
 * once), and after `timeoutMs` cuts whatever is still open.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // A keep-alive connection whose request finishes after close() becomes idle later: sweep again.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT, then exits with 0 (or 1 if it failed).
 * A second signal while shutting down exits at once.
 */
export function onShutdownSignal(shutdown: (signal: NodeJS.Signals) => Promise<void>): void {
  let shuttingDown = false;
  const handler = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      console.error(`[server] ${signal} again: exiting now`);
      process.exit(1);
    }
    shuttingDown = true;
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[server] shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
