/**
 * /metrics with several processes (WEB_CONCURRENCY): whichever worker a scrape reaches asks the primary over
 * IPC, the primary collects every worker's figures (prom-client's AggregatorRegistry, which asks each
 * worker in turn over the same channel) and the worker answers with their sum. The scrape stays on the
 * workers' port (or METRICS_PORT, which the workers share too) and behind their token; the primary opens
 * no port and loads no server module.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

const ASK = 'shop:metrics-ask';
const ANSWER = 'shop:metrics-answer';
/** prom-client gives up on a worker that does not answer within 5 s; this waits a little longer. */
const ASK_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** In the primary: answers the workers' asks with every worker's figures added up. */
export function answerWorkersMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * In a worker: answers the primary's requests for this process's figures (prom-client's listener, which
 * only an AggregatorRegistry made in the worker installs). Called at start, before any scrape.
 */
export function answerPrimaryMetrics(): void {
  new AggregatorRegistry();
}

/** Whether this process is one of several, whose /metrics must come from the primary. */
export function isClusterWorker(): boolean {
  return cluster.isWorker && typeof process.send === 'function';
}

let nextId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let listening = false;

/** In a worker: every process's figures, in the Prometheus text format, from the primary. */
export function clusterMetrics(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (!isMessage<Answer>(message, ANSWER)) return;
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.text !== undefined) pending.resolve(message.text);
      else pending.reject(new Error(`the primary process could not collect the metrics: ${message.error}`));
    });
  }
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer with the metrics in time'));
    }, ASK_TIMEOUT_MS);
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send!({ type: ASK, id } satisfies Ask);
  });
}
