import { describe, expect, it } from 'vitest';
import { buildPath } from './endpoint-path';

describe('buildPath', () => {
  it('fills path parameters, encoded, and appends the query', () => {
    expect(buildPath('/api/news/:id', { id: 'a b/c' }, { page: 2, empty: undefined })).toBe(
      '/api/news/a%20b%2Fc?page=2',
    );
  });
});
