import { once } from 'node:events';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Dataset } from './model';

const BATCH = 1000;

/**
 * The dataset as JSON text (the same text as `JSON.stringify(dataset)`), in pieces: long arrays come in
 * batches, so 100,000 products never have to exist as one huge string.
 */
export function* datasetJsonChunks(dataset: Dataset): Generator<string> {
  let first = true;
  yield '{';
  for (const [key, value] of Object.entries(dataset)) {
    if (value === undefined) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (Array.isArray(value) && value.length > BATCH) {
      yield '[';
      for (let i = 0; i < value.length; i += BATCH) {
        const part = value.slice(i, i + BATCH).map((item) => JSON.stringify(item));
        yield `${i === 0 ? '' : ','}${part.join(',')}`;
      }
      yield ']';
    } else {
      yield JSON.stringify(value);
    }
  }
  yield '}';
}

/** Writes the dataset JSON to a file (created or replaced). */
export function writeDatasetFile(dataset: Dataset, file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const chunk of datasetJsonChunks(dataset)) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** Writes the dataset JSON to a stream (e.g. standard output), waiting when the stream is full. */
export async function writeDatasetStream(dataset: Dataset, stream: Writable): Promise<void> {
  for (const chunk of datasetJsonChunks(dataset)) {
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
}
