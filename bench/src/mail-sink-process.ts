/**
 * The bench's mail server, in a process of its own: its CPU is counted apart from the load generator's and
 * it does not share the generator's event loop. It tells its parent its URL, and the count when asked.
 */
import { startMailSink } from '@shop/server/test/mail-sink';

const sink = await startMailSink();
process.send?.({ url: sink.url });
process.on('message', (message: { count?: boolean }) => {
  if (message.count) process.send?.({ received: sink.received.length });
});
process.on('disconnect', () => {
  void sink.close().finally(() => process.exit(0));
});
