/**
 * One worker of `WORKERS=N npm start`: the server of main.ts. On SIGINT/SIGTERM main.ts closes
 * the server and the pool; the channel to the primary would still keep the process alive, so it
 * is let go as well and the worker ends once its requests are answered.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (process.connected) process.disconnect();
  });
}
await import('./main');

export {};
