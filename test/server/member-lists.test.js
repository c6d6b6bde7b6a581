/**
 * The members lists answered in threads of their own, each with its own connection to the data file: the same
 * answers as the service's own thread gives, every change answered before a list was asked in its answer, and a
 * thread that fails named, with the lists answered after it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncBuiltinESMExports } from 'node:module';
import { after, describe, it } from 'node:test';
import workerThreads from 'node:worker_threads';
import { SORT_ATTRIBUTES } from '../../server/domain/database.js';
import { parseFilter } from '../../server/domain/filter.js';
import { Store } from '../../server/domain/store.js';
import { MemberLists } from '../../server/readers/member-lists.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';
import { random } from '../support/random.js';
import { randomExpression, randomPerson } from '../support/random-members.js';

const folders = /** @type {string[]} */ ([]);
after(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

async function dataFile() {
  const dir = await mkdtemp(join(tmpdir(), 'member-lists-'));
  folders.push(dir);
  return join(dir, 'store.db');
}

/**
 * A random members query and its text, as the route keys it.
 * @param {ReturnType<typeof random>} rnd
 * @param {Array<{ name: string, email: string }>} people
 */
function randomQuery(rnd, people) {
  const exprs = Array.from({ length: rnd.pick([0, 1, 1, 2]) }, () => {
    const attr = rnd.pick(['name', 'email']);
    return randomExpression(rnd, /** @type {any} */ (rnd.pick(people))[attr], attr);
  });
  const query = { exprs, attribute: rnd.pick(SORT_ATTRIBUTES), descending: rnd.next() < 0.5 };
  return { query, key: JSON.stringify(query) };
}

describe('members lists in threads of their own', () => {
  it('answer as the service thread does, and see each change made before they were asked', async () => {
    const rnd = random(20261129);
    const store = await Store.open({ dataFile: await dataFile() });
    const people = Array.from({ length: 1500 }, () => randomPerson(rnd));
    await store.addMembersBulk(people);
    // bounds of 30 rows take the ways of a million members here
    const threaded = new MemberLists(store, {
      file: store.db.location() ?? '',
      threads: 2,
      bounds: { fewMatches: 30, narrowingRows: 30 },
    });
    const here = new MemberLists(store);
    try {
      const asked = Array.from({ length: 60 }, () => randomQuery(rnd, people));
      for (let round = 0; round < 4; round++) {
        for (const { query, key } of asked) {
          const offset = rnd.pick([0, 0, 3, 25]);
          const limit = rnd.pick([1, 10, 100]);
          const [expected, found] = await Promise.all([
            here.page(query, key, offset, limit),
            threaded.page(query, key, offset, limit),
          ]);
          assert.deepEqual(found, expected, `round ${round}: ${key} from ${offset}, ${limit}`);
        }
        // the same queries again after a change: a thread's kept matches are not used once another connection wrote
        const added = Array.from({ length: 1 + rnd.int(40) }, () => randomPerson(rnd));
        await store.addMembersBulk(added);
        people.push(...added);
      }
      const ada = await store.createMember({ name: 'Ada Threaded', email: 'ada.threaded@example.com' });
      const all = await threaded.page({ exprs: [], attribute: 'id', descending: false }, 'all', 0, 1);
      assert.equal(all.total, store.memberCount);
      const exprs = parseFilter('eq(email,ADA.threaded@example.com)', ['email']);
      const found = await threaded.page({ exprs, attribute: 'name', descending: false }, 'ada', 0, 10);
      assert.deepEqual(found, { total: 1, rows: [ada] });
    } finally {
      await threaded.close();
      await store.close();
    }
  });

  it('name a thread that failed: what waited on it fails, and the lists are answered after it', async () => {
    const file = await dataFile();
    await writeFile(file, 'not a database, and no store of this service');
    const store = await Store.open();
    const said = /** @type {string[]} */ ([]);
    const lists = new MemberLists(store, { file, threads: 1, log: (message) => said.push(message) });
    const query = { exprs: [], attribute: 'id', descending: false };
    try {
      await assert.rejects(
        lists.page(query, 'all', 0, 5),
        /A members list thread stopped: .*cannot be used as the store/,
      );
      assert.match(said.join('\n'), /a members list thread stopped \(.*cannot be used as the store.*\); 0 left/);
      const { total, rows } = await lists.page(query, 'all', 0, 5);
      assert.equal(total, store.memberCount);
      assert.equal(rows.length, 5);
    } finally {
      await lists.close();
      await store.close();
    }
  });

  it('fail a pass whose part waits on a thread that stopped, and answer the next without it', async () => {
    const rnd = random(20261130);
    const store = await Store.open({ dataFile: await dataFile() });
    await store.addMembersBulk(Array.from({ length: 300 }, () => randomPerson(rnd)));
    // a thread is ended instead of given another thread's part of a pass, which then waits on it, so that it is
    // sure never to answer (node:worker_threads is patched for this test only; the thread is a real one)
    const { Worker } = workerThreads;
    workerThreads.Worker = class extends Worker {
      /** @param {any} message */
      postMessage(message) {
        if (message?.kind === 'pass') this.terminate();
        else super.postMessage(message);
      }
    };
    syncBuiltinESMExports();
    const said = /** @type {string[]} */ ([]);
    /** @type {MemberLists | undefined} */
    let lists;
    try {
      lists = new MemberLists(store, {
        file: store.db.location() ?? '',
        threads: 2,
        bounds: { fewMatches: 30, narrowingRows: 30 },
        log: (message) => said.push(message),
      });
    } finally {
      workerThreads.Worker = Worker;
      syncBuiltinESMExports();
    }
    // one letter: no trigram narrows it, so it is a pass over every member, in two parts
    const query = { exprs: parseFilter('like(name,*e*)', ['name']), attribute: 'name', descending: false };
    try {
      await assert.rejects(lists.page(query, 'e', 0, 10), /A members list thread stopped: it ended with code \d+/);
      assert.match(said.join('\n'), /a members list thread stopped \(it ended with code \d+\); 1 left/);
      // the thread left runs one part and the service's thread the other
      const expected = await new MemberLists(store).page(query, 'e', 0, 10);
      assert.ok(expected.total > 30, 'the filter is a pass, not a few matches read whole');
      assert.deepEqual(await lists.page(query, 'e', 0, 10), expected);
    } finally {
      await lists.close();
      await store.close();
    }
  });

  it('answer the service over HTTP with a data file: a member made is listed at once, and paged', async () => {
    const { service, base, operator } = await startTestService({
      dataFile: await dataFile(),
      operatorToken: true,
      listThreads: 2,
    });
    const list = async (/** @type {string} */ query) => {
      const answer = await api(`${base}/v2/account-members?${query}`, { token: operator });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return /** @type {any} */ (answer.body);
    };
    const before = await list('filter=like(name,Threaded*)');
    assert.equal(before.meta.results.total, 0);
    for (const n of [1, 2, 3]) {
      await /** @type {any} */ (service).store.createMember({
        name: `Threaded ${n}`,
        email: `threaded.${n}@example.com`,
      });
      const now = await list('filter=like(name,Threaded*)&sort=-name&page[limit]=2');
      assert.equal(now.meta.results.total, n);
      assert.equal(now.data[0].name, `Threaded ${n}`);
    }
    const second = await list('filter=like(name,Threaded*)&sort=-name&page[limit]=2&page[offset]=2');
    assert.deepEqual(
      second.data.map((/** @type {any} */ m) => m.name),
      ['Threaded 1'],
    );
  });
});
