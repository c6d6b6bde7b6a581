/**
 * The first records of a long list answer, read from its text without parsing the rest (src/api/first-records.ts),
 * and a long answer through the client: its first records come first, then the whole list.
 */
import { expect } from '@open-wc/testing';
import { connect, request } from '../../../src/api/connection.js';
import { firstRecords, readListBody } from '../../../src/api/first-records.js';
import { streamedAnswer } from '../helpers/streamed-answer.js';

const record = (i: number) => ({ id: `c${i}`, attributes: { name: `Catalog "${i}" [x], {y}`, tags: [i, { i }] } });

describe('firstRecords', () => {
  const text = JSON.stringify({ links: { next: null, data: [9] }, data: [1, 2, 3].map(record), meta: { count: 3 } });

  it('parses the first records of the top-level data array, whatever comes before it', () => {
    expect(firstRecords(text, 2)).to.deep.equal([record(1), record(2)]);
  });

  it('gives all of them when the list has fewer; undefined for an empty list', () => {
    expect(firstRecords(text, 50)).to.deep.equal([1, 2, 3].map(record));
    expect(firstRecords('{"data": [ ], "links": {}}', 5)).to.equal(undefined);
  });

  it('a text cut short gives the records complete in it, only once it has as many as asked for', () => {
    const cut = text.slice(0, text.indexOf('"c3"'));
    expect(firstRecords(cut, 2)).to.deep.equal([record(1), record(2)]);
    expect(firstRecords(cut, 3)).to.equal(undefined);
  });

  it('undefined for a text with no top-level data array, or not JSON where it is read', () => {
    expect(firstRecords('{"meta": {"data": [1, 2]}, "data": {"a": 1}}', 1)).to.equal(undefined);
    expect(firstRecords('{"errors": [{"title": "data"}]}', 1)).to.equal(undefined);
    expect(firstRecords('{"data": [{"a": 1}, {oops}]}', 2)).to.equal(undefined);
    expect(firstRecords('not json', 1)).to.equal(undefined);
  });
});

describe('a long list answer read by readListBody through the client', () => {
  it('hands its first records over before the request settles with the whole answer', async () => {
    const data = Array.from({ length: 2000 }, (_, i) => record(i));
    const body = JSON.stringify({ data, links: { next: null } });
    const bytes = new TextEncoder().encode(body);
    // the answer arrives in parts, as from the network
    const { body: stream } = streamedAnswer(bytes);
    const connection = connect({
      baseUrl: 'http://127.0.0.1:9',
      accessToken: 'token',
      fetch: async () => new Response(stream, { headers: { 'Content-Type': 'application/json' } }),
    });
    const order: string[] = [];
    const onFirstRecords = (records: unknown[]) =>
      order.push(`first ${records.length}: ${(records[0] as { id: string }).id}`);
    const readBody = (response: Response) => readListBody(response, onFirstRecords);
    const answer = await request(connection, 'catalogs', { readBody }).then((whole) => (order.push('whole'), whole));
    expect(order).to.deep.equal(['first 50: c0', 'whole']);
    expect(answer).to.deep.equal({ data, links: { next: null } });
  });

  it('a short answer, or one that is no list, is only parsed whole', async () => {
    const seen: unknown[] = [];
    const answer = (body: string) =>
      request(
        connect({ baseUrl: 'http://127.0.0.1:9', accessToken: 't', fetch: async () => new Response(body) }),
        'catalogs',
        { readBody: (response) => readListBody(response, (records) => seen.push(records)) },
      );
    expect(await answer('{"data": [1, 2]}')).to.deep.equal({ data: [1, 2] });
    const long = { meta: { text: 'x'.repeat(200_000) } };
    expect(await answer(JSON.stringify(long))).to.deep.equal(long);
    expect(seen).to.deep.equal([]);
  });
});
