import { facetOf } from './analysis';

describe(facetOf.name, () => {
  it.each([
    ['Status: Pending', { facet: 'Status', value: 'Pending' }],
    ['Sort by: Newest first', { facet: 'Sort by', value: 'Newest first' }],
    ['Size:M', { facet: 'Size', value: 'M' }],
  ])('should read %j as a facet and the value it shows', (label, shown) => {
    expect(facetOf(label)).toEqual(shown);
  });

  it.each(['Role', 'Order: #4471', 'Total: €89.00', 'Email: maria@lopez.es', 'Note: please call me back after six tomorrow morning'])(
    'should not take %j for a filter showing its value',
    (label) => {
      expect(facetOf(label)).toBeNull();
    },
  );
});
