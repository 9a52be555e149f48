import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveDotSegments } from './dot-segments.ts';

describe('resolveDotSegments (RFC 3986 §5.2.4)', () => {
  it('resolves "." and ".." as the RFC examples do, keeping the query', () => {
    // RFC 3986 §5.2.4's own walk-through: "/a/b/c/./../../g" → "/a/g".
    assert.equal(resolveDotSegments('/a/b/c/./../../g'), '/a/g');
    assert.equal(resolveDotSegments('/api/history_chatbots/./response?x=1'), '/api/history_chatbots/response?x=1');
    assert.equal(resolveDotSegments('/api/a/../b'), '/api/b');
    assert.equal(resolveDotSegments('/a/b/..'), '/a/');
    assert.equal(resolveDotSegments('/a/.'), '/a/');
    assert.equal(resolveDotSegments('/../../a'), '/a');
  });

  it('leaves other paths as they are, dots inside segments and in the query included', () => {
    for (const url of ['/api/properties/12', '/a/.b/c..', '/a/...', '/a?b=../c', '/'])
      assert.equal(resolveDotSegments(url), url);
  });
});
