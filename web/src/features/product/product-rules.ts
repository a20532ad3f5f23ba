/**
 * The product form rules of product-spec §5, shared by onboarding step 1 and the knowledge-base edit.
 * The limits are the server's (@tracklens/contracts/limits).
 */
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_NAME_MAX,
} from '@tracklens/contracts/limits';
import type { Rule } from 'antd/es/form';
import type { ProductType } from '../../api/catalog.api';

export const PRODUCT_TYPES: readonly ProductType[] = ['website', 'mobile_app'];

const NAME_REQUIRED = 'Product name is required';
const TYPE_REQUIRED = 'Please select a product type';
const DESCRIPTION_TOO_SHORT = 'Description must be at least 10 characters';

export const productNameRules: Rule[] = [
  { required: true, whitespace: true, message: NAME_REQUIRED },
  { max: PRODUCT_NAME_MAX, message: `Product name must be at most ${PRODUCT_NAME_MAX} characters` },
];

export const productTypeRules: Rule[] = [
  { required: true, type: 'enum', enum: [...PRODUCT_TYPES], message: TYPE_REQUIRED },
];

export const productDescriptionRules: Rule[] = [
  {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim().length < PRODUCT_DESCRIPTION_MIN)
        throw new Error(DESCRIPTION_TOO_SHORT);
    },
  },
  {
    max: PRODUCT_DESCRIPTION_MAX,
    message: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  },
];

export function isProductType(value: unknown): value is ProductType {
  return PRODUCT_TYPES.includes(value as ProductType);
}

/** Whether name, type and description would pass the form (and the server). */
export function isCompleteProduct(values: {
  name?: unknown;
  type?: unknown;
  description?: unknown;
}): boolean {
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  const description = typeof values.description === 'string' ? values.description.trim() : '';
  return (
    name.length > 0 &&
    name.length <= PRODUCT_NAME_MAX &&
    isProductType(values.type) &&
    description.length >= PRODUCT_DESCRIPTION_MIN &&
    description.length <= PRODUCT_DESCRIPTION_MAX
  );
}
