import { expect } from '@open-wc/testing';
import { StorefrontError } from '../../../src/api/errors.js';
import {
  contains,
  eq,
  escapeLike,
  formatFilter,
  like,
  toSearchParams,
  type ListQuery,
} from '../../../src/api/query.js';
import type { Sort } from '../../../src/api/types.js';

function invalidQuery(fn: () => unknown): StorefrontError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(StorefrontError);
    expect((error as StorefrontError).code).to.equal('invalid_query');
    return error as StorefrontError;
  }
  throw new Error('expected an invalid_query error');
}

describe('query: eq()', () => {
  it('writes plain values bare', () => {
    expect(String(eq('email', 'ada@example.com'))).to.equal('eq(email,ada@example.com)');
    expect(String(eq('account_member_id', '0b7a1c2e-5d3f-5a1b-9c8d-1e2f3a4b5c6d'))).to.equal(
      'eq(account_member_id,0b7a1c2e-5d3f-5a1b-9c8d-1e2f3a4b5c6d)',
    );
  });

  it('exposes operator, attribute and encoded value', () => {
    const term = eq('name', 'Ada Lovelace');
    expect(term.operator).to.equal('eq');
    expect(term.attribute).to.equal('name');
    expect(term.encodedValue).to.equal('"Ada Lovelace"');
  });

  it('quotes values with a comma, parens, colon or whitespace', () => {
    expect(String(eq('name', 'Smith, John'))).to.equal('eq(name,"Smith, John")');
    expect(String(eq('name', 'a(b)c'))).to.equal('eq(name,"a(b)c")');
    expect(String(eq('name', 'a:b'))).to.equal('eq(name,"a:b")');
    expect(String(eq('name', 'tab\there'))).to.equal('eq(name,"tab\there")');
  });

  it('escapes quotes, backslashes and stars inside the quotes', () => {
    expect(String(eq('name', 'Dana "Q"'))).to.equal('eq(name,"Dana \\"Q\\"")');
    expect(String(eq('name', 'back\\slash'))).to.equal('eq(name,"back\\\\slash")');
    expect(String(eq('name', '*VIP*'))).to.equal('eq(name,"\\*VIP\\*")');
    expect(String(eq('name', 'Smith, John (Sales): *VIP*'))).to.equal('eq(name,"Smith, John (Sales): \\*VIP\\*")');
  });

  it('keeps unicode as is and quotes the empty value', () => {
    expect(String(eq('name', 'Zoë_Ωmega李'))).to.equal('eq(name,Zoë_Ωmega李)');
    expect(String(eq('name', 'Zoë Ωmega'))).to.equal('eq(name,"Zoë Ωmega")');
    expect(String(eq('name', ''))).to.equal('eq(name,"")');
  });

  it('refuses an attribute that is not a name', () => {
    invalidQuery(() => eq('na,me', 'x'));
    invalidQuery(() => eq('', 'x'));
    invalidQuery(() => eq('name)', 'x'));
  });
});

describe('query: like(), escapeLike(), contains()', () => {
  it('keeps unescaped stars as wildcards, bare when possible', () => {
    expect(String(like('name', '*Love*'))).to.equal('like(name,*Love*)');
    expect(String(like('email', '*@example.com'))).to.equal('like(email,*@example.com)');
    expect(String(like('name', 'Ada'))).to.equal('like(name,Ada)');
  });

  it('quotes patterns with specials and keeps their escapes', () => {
    expect(String(like('name', 'Smith, *'))).to.equal('like(name,"Smith, *")');
    expect(String(like('name', '\\*VIP\\**'))).to.equal('like(name,"\\*VIP\\**")');
    expect(String(like('name', 'say "hi"*'))).to.equal('like(name,"say \\"hi\\"*")');
    expect(String(like('name', '(x):y'))).to.equal('like(name,"(x):y")');
    // a lone trailing backslash stands for itself
    expect(String(like('name', 'end\\'))).to.equal('like(name,"end\\\\")');
  });

  it('escapeLike escapes star and backslash only', () => {
    expect(escapeLike('a*b')).to.equal('a\\*b');
    expect(escapeLike('a\\b')).to.equal('a\\\\b');
    expect(escapeLike('Smith, John (x): "q"')).to.equal('Smith, John (x): "q"');
    expect(escapeLike('**')).to.equal('\\*\\*');
    expect(escapeLike('')).to.equal('');
  });

  it('contains wraps escaped text in wildcards', () => {
    expect(String(contains('name', 'Love'))).to.equal('like(name,*Love*)');
    expect(String(contains('name', '*VIP*'))).to.equal('like(name,"*\\*VIP\\**")');
    expect(String(contains('name', 'Smith, John (Sales):'))).to.equal('like(name,"*Smith, John (Sales):*")');
    expect(String(contains('name', '"Backslash\\"'))).to.equal('like(name,"*\\"Backslash\\\\\\"*")');
    expect(String(contains('name', 'Ωmega'))).to.equal('like(name,*Ωmega*)');
  });
});

describe('query: formatFilter()', () => {
  it('joins several terms with a colon', () => {
    expect(formatFilter([eq('email', 'ada@example.com'), like('name', '*Ada*')])).to.equal(
      'eq(email,ada@example.com):like(name,*Ada*)',
    );
  });
  it('passes a hand-written string through', () => {
    expect(formatFilter('eq(email,x@y)')).to.equal('eq(email,x@y)');
  });
  it('refuses objects that are not filter terms', () => {
    invalidQuery(() => formatFilter({ operator: 'eq', attribute: 'a b', encodedValue: 'x' } as never));
  });
});

describe('query: toSearchParams()', () => {
  it('writes filter, sort, page and include', () => {
    const params = toSearchParams({
      filter: eq('name', 'Smith, John'),
      sort: '-name',
      limit: 5,
      offset: 10,
      include: 'account_member',
    });
    expect([...params.entries()]).to.deep.equal([
      ['filter', 'eq(name,"Smith, John")'],
      ['sort', '-name'],
      ['page[limit]', '5'],
      ['page[offset]', '10'],
      ['include', 'account_member'],
    ]);
    expect(params.toString()).to.equal(
      'filter=eq%28name%2C%22Smith%2C+John%22%29&sort=-name&page%5Blimit%5D=5&page%5Boffset%5D=10&include=account_member',
    );
  });

  it('writes nothing for an empty query', () => {
    expect(toSearchParams({}).toString()).to.equal('');
    expect(toSearchParams().toString()).to.equal('');
  });

  it('accepts the bounds', () => {
    expect(toSearchParams({ limit: 1, offset: 0 }).toString()).to.equal('page%5Blimit%5D=1&page%5Boffset%5D=0');
    expect(toSearchParams({ limit: 10000, offset: 10000 }).get('page[limit]')).to.equal('10000');
  });

  for (const [label, query] of [
    ['limit 0', { limit: 0 }],
    ['limit 10001', { limit: 10001 }],
    ['limit -1', { limit: -1 }],
    ['limit 2.5', { limit: 2.5 }],
    ['limit NaN', { limit: NaN }],
    ['limit Infinity', { limit: Infinity }],
    ['limit as a string', { limit: '5' as unknown as number }],
    ['offset -1', { offset: -1 }],
    ['offset 10001', { offset: 10001 }],
    ['offset 0.5', { offset: 0.5 }],
  ] as Array<[string, ListQuery]>) {
    it(`refuses ${label}`, () => {
      const error = invalidQuery(() => toSearchParams(query));
      expect(error.message).to.match(/page (limit|offset) must be a whole number/);
    });
  }

  it('refuses an unknown sort attribute or include', () => {
    expect(invalidQuery(() => toSearchParams({ sort: 'password' as Sort })).message).to.contain('password');
    invalidQuery(() => toSearchParams({ sort: '--name' as Sort }));
    invalidQuery(() => toSearchParams({ include: 'accounts' as 'account_member' }));
  });

  it('accepts every sort attribute, both directions', () => {
    for (const attribute of ['created_at', 'email', 'id', 'name', 'updated_at']) {
      expect(toSearchParams({ sort: attribute as Sort }).get('sort')).to.equal(attribute);
      expect(toSearchParams({ sort: `-${attribute}` as Sort }).get('sort')).to.equal(`-${attribute}`);
    }
  });
});
