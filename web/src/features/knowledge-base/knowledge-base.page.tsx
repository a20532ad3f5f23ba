/**
 * The knowledge base `/products/{productId}/knowledge-base` (product-spec §2): a back link, the product's
 * information with its edit form, and the Product Videos section.
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApiError, isAuthError } from '../../api/base-query';
import { useGetKnowledgeBaseQuery, useUpdateProductMutation, type Product } from '../../api/catalog.api';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { toast } from '../../components/toast';
import { ProductNotFound, isNotFound } from '../product/product-not-found';
import { productDescriptionRules, productNameRules } from '../product/product-rules';
import { productTypeLabel } from '../product/product-type';
import { ProductVideos } from './product-videos';
import '../product/product.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export default function KnowledgeBasePage() {
  const productId = useParams().productId ?? '';
  const { data, isLoading, isError, error, refetch } = useGetKnowledgeBaseQuery(productId);

  if (isLoading) return <LoadingScreen message="Loading product..." />;
  if (isError || !data) {
    if (isNotFound(error)) return <ProductNotFound />;
    if (isApiError(error) && isAuthError(error)) return <LoadingScreen />;
    return <ErrorScreen variant="unexpected" onAction={() => void refetch()} />;
  }
  const { product } = data;
  return (
    <main className="product-page">
      <Link to={`/products/${encodeURIComponent(product.id)}`} className="kb-back">
        <ArrowLeftOutlined {...hidden} /> Back to {product.name}
      </Link>
      <h1 className="product-page__title">Knowledge Base</h1>
      <ProductInfo key={product.id} product={product} />
      <ProductVideos productId={product.id} />
    </main>
  );
}

interface EditValues {
  name: string;
  description: string;
}

function ProductInfo({ product }: { product: Product }) {
  const [editing, setEditing] = useState(false);
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();

  async function onSave(values: EditValues) {
    try {
      await updateProduct({
        id: product.id,
        name: values.name.trim(),
        description: values.description.trim(),
      }).unwrap();
      toast.success('Product updated');
      setEditing(false);
    } catch (error) {
      toast.error('Failed to update product', isApiError(error) ? error.message : undefined);
    }
  }

  return (
    <section className="kb-panel" aria-labelledby="kb-info-title">
      <div className="kb-panel__head">
        <h2 id="kb-info-title" className="kb-panel__title">
          Product Information
        </h2>
        {!editing && (
          <Button icon={<EditOutlined {...hidden} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <Form<EditValues>
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: product.name, description: product.description }}
          onFinish={(values) => void onSave(values)}
        >
          <Form.Item label="Product Name" name="name" rules={productNameRules}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Description" name="description" rules={productDescriptionRules}>
            <Input.TextArea rows={5} />
          </Form.Item>
          <div className="kb-form__actions">
            <Button onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save Changes
            </Button>
          </div>
        </Form>
      ) : (
        <dl className="kb-info">
          <dt>Name</dt>
          <dd>{product.name}</dd>
          <dt>Description</dt>
          <dd>{product.description}</dd>
          <dt>Type</dt>
          <dd>{productTypeLabel(product.type)}</dd>
        </dl>
      )}
    </section>
  );
}
