import * as contracts from '@tracklens/contracts';
import { isCompleteProduct } from './product-rules';

describe('product rules', () => {
  it('should call a product complete exactly when the create body schema accepts it', () => {
    const cases = [
      { name: 'Acme', type: 'website', description: 'Online shop for office supplies' },
      { name: '  ', type: 'website', description: 'Online shop for office supplies' },
      { name: 'Acme', type: 'desktop', description: 'Online shop for office supplies' },
      { name: 'Acme', type: 'mobile_app', description: ' 123456789 ' },
      { name: 'Acme', type: 'mobile_app', description: '1234567890' },
      { name: 'x'.repeat(121), type: 'website', description: 'Online shop for office supplies' },
    ];
    for (const values of cases)
      expect([values, isCompleteProduct(values)]).toEqual([
        values,
        contracts.createProductBodySchema.safeParse(values).success,
      ]);
  });
});
