import { describe, expect, it } from 'vitest';
import { bucketBound, parsePrometheusText } from './prometheus-text';

describe('Prometheus text exposition', () => {
  it('reads names, labels (with escapes), values and skips comments and timestamps', () => {
    const text = [
      '# HELP demo_total A counter.',
      '# TYPE demo_total counter',
      'demo_total{path="/a\\"b",note="x\\\\y\\nz",le="+Inf"} 12 1700000000000',
      'demo_total 3.5e2',
      'other_metric{a="1"} 7',
    ].join('\n');
    const samples = parsePrometheusText(text, (n) => n === 'demo_total');
    expect(samples).toEqual([
      { name: 'demo_total', labels: { path: '/a"b', note: 'x\\y\nz', le: '+Inf' }, value: 12 },
      { name: 'demo_total', labels: {}, value: 350 },
    ]);
  });

  it('skips a line it cannot read and keeps the others', () => {
    const text = 'a{x="1"} 1\na{x="unclosed} 2\na{x="3"} notanumber\na{x="4"} 4\n';
    expect(parsePrometheusText(text).map((s) => s.value)).toEqual([1, 4]);
  });

  it('reads bucket bounds', () => {
    expect(bucketBound('0.25')).toBe(0.25);
    expect(bucketBound('+Inf')).toBe(Infinity);
    expect(bucketBound('x')).toBeNull();
    expect(bucketBound(undefined)).toBeNull();
  });
});
