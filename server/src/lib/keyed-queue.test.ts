import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('keyed queue', () => {
  it('runs one key’s tasks one after another and other keys’ at once, then forgets the key', async () => {
    const queue = createKeyedQueue({ maxWaitMs: 10_000 });
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run('a', task('a1')), queue.run('a', task('a2')), queue.run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    await expect(queue.run('a', async (hadItsTurn) => hadItsTurn)).resolves.toBe(true);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
    await tick();
    expect(queue.size).toBe(0);
  });

  it('starts a task after maxWaitMs when the one before it is still running', async () => {
    const queue = createKeyedQueue({ maxWaitMs: 20 });
    let release = () => {};
    const stuck = queue.run('a', () => new Promise<string>((resolve) => (release = () => resolve('stuck'))));
    await expect(queue.run('a', async (hadItsTurn) => (hadItsTurn ? 'in turn' : 'beside'))).resolves.toBe('beside');
    release();
    await expect(stuck).resolves.toBe('stuck');
  });

  it('goes on with the next task when one fails, and hands the failure to its caller only', async () => {
    const queue = createKeyedQueue({ maxWaitMs: 10_000 });
    const failing = queue.run('a', async () => {
      throw new Error('no');
    });
    const next = queue.run('a', async () => 'after');
    await expect(failing).rejects.toThrow('no');
    await expect(next).resolves.toBe('after');
  });
});
