// The engine worker started before the app's chunk (src/boot.ts): what it says before anyone
// listens is handed over in order, and the client takes it over as its first worker, once.

import { describe, expect, it } from 'vitest';
import { createWorkerClient } from './client';
import { engineWorker, holdEvents, startEngineWorker } from './earlyWorker';
import type { WorkerReply, WorkerRequest } from './protocol';
import { FakeWorker } from './testing/fakeWorker';

type Step = { say: WorkerReply } | { crash: string } | 'listen' | 'tick';
const progress = (cycles: number): WorkerReply => ({ type: 'heard', runId: cycles });
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('holdEvents', () => {
  it.each<{ name: string; steps: Step[]; heard: string[] }>([
    { name: 'a reply before anyone listens is delivered once someone does', steps: [{ say: { type: 'ready' } }, 'listen', 'tick'], heard: ['ready'] },
    { name: 'not before the current task ends (as a worker message would not)', steps: [{ say: { type: 'ready' } }, 'listen'], heard: [] },
    { name: 'held replies come first, then what arrives before they are delivered', steps: [{ say: { type: 'ready' } }, 'listen', { say: progress(1) }, 'tick'], heard: ['ready', 'heard 1'] },
    { name: 'a reply after the listener is set goes straight through', steps: ['listen', { say: { type: 'ready' } }], heard: ['ready'] },
    { name: 'an error before anyone listens reaches onerror', steps: [{ crash: 'no such script' }, 'listen', 'tick'], heard: ['error no such script'] },
    { name: 'nothing said, nothing heard', steps: ['listen', 'tick'], heard: [] },
  ])('$name', async ({ steps, heard }) => {
    const fake = new FakeWorker();
    const held = holdEvents(fake);
    const got: string[] = [];
    for (const step of steps) {
      if (step === 'tick') await tick();
      else if (step === 'listen') {
        held.onmessage = (e) => got.push(e.data.type === 'heard' ? `heard ${e.data.runId}` : e.data.type);
        held.onerror = (e) => got.push(`error ${e.message}`);
      } else if ('say' in step) fake.reply(step.say);
      else fake.crash(step.crash);
    }
    expect(got).toEqual(heard);
  });

  it('passes messages and terminate through to the worker', () => {
    const fake = new FakeWorker();
    const held = holdEvents(fake);
    held.postMessage({ type: 'cancel', runId: 3 });
    held.terminate();
    expect(fake.received).toEqual([{ type: 'cancel', runId: 3 }]);
    expect(fake.terminated).toBe(true);
  });
});

/** A worker that copies what it is sent as the browser does: a port not in the transfer list cannot be copied. */
class CopyingWorker extends FakeWorker {
  override postMessage(message: WorkerRequest, transfer?: Transferable[]) {
    this.received.push(structuredClone(message, transfer === undefined ? undefined : { transfer }));
  }
}

describe('a lendBaseline request (issue 23: the fix worker takes the engine worker\'s run)', () => {
  it('reaches the early worker with its port transferred, through the client', () => {
    const worker = new CopyingWorker();
    const client = createWorkerClient(() => holdEvents(worker), (flush) => flush());
    const channel = new MessageChannel();
    client.send({ type: 'lendBaseline', port: channel.port1, text: 'kind: List', fileName: 'a.yaml' });
    expect(worker.received).toEqual([expect.objectContaining({ type: 'lendBaseline', text: 'kind: List', fileName: 'a.yaml' })]);
    expect((worker.received[0] as { port: unknown }).port).toBeInstanceOf(MessagePort);
    client.dispose();
    channel.port2.close();
  });
});

describe('the early engine worker', () => {
  it('is the client\'s first worker, with the ready it said before the client existed; later workers are new', async () => {
    const spawned: FakeWorker[] = [];
    const spawn = () => { const w = new FakeWorker(); spawned.push(w); return w; };
    startEngineWorker(spawn);
    spawned[0]!.reply({ type: 'ready' });
    const client = createWorkerClient(() => engineWorker(spawn), (flush) => flush(), () => 0);
    await tick();
    expect(spawned).toHaveLength(1);
    client.send({ type: 'load', runId: 1, text: 't', options: {} });
    expect(spawned[0]!.received).toEqual([{ type: 'load', runId: 1, text: 't', options: {} }]);
    spawned[0]!.crash('out of memory');
    expect(spawned).toHaveLength(2);
    client.dispose();
  });
});
