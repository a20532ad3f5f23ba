/**
 * Onboarding step 1 `/onboarding-name` (product-spec §2, §4 Onboarding, §5): the product form. Every change is
 * kept in the draft; entering the step starts a new draft unless the user came Back from step 2.
 */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ProductType } from '../../api/catalog.api';
import { toast } from '../../components/toast';
import { STORAGE_KEYS, writeString } from '../../lib/storage';
import { upgradeRequested } from '../billing/upgrade.slice';
import { productDescriptionRules, productNameRules, productTypeRules } from '../product/product-rules';
import { OnboardingFrame } from './onboarding-frame';
import { clearDraft, readDraft, wantsDraftKept, writeDraft, type ProductDraft } from './onboarding-draft';

interface ProductFormValues {
  name: string;
  type: ProductType;
  description: string;
}

const EMPTY: ProductFormValues = { name: '', type: 'website', description: '' };
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

/** product-spec §2: ?showUpgrade=true for a plan that is not active opens the upgrade dialog once. */
function useUpgradeOffer() {
  const [searchParams, setSearchParams] = useSearchParams();
  const plan = useAppSelector((state) => state.session.user?.subscriptionStatus);
  const dispatch = useAppDispatch();
  const offered = searchParams.get('showUpgrade') === 'true' && plan !== undefined && plan !== 'active';

  useEffect(() => {
    if (!offered) return;
    writeString(STORAGE_KEYS.paymentReferrer, '/onboarding-name');
    dispatch(upgradeRequested());
    setSearchParams(
      (params) => {
        params.delete('showUpgrade');
        return params;
      },
      { replace: true },
    );
  }, [offered, dispatch, setSearchParams]);
}

export default function OnboardingNamePage() {
  const [form] = Form.useForm<ProductFormValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const keepDraft = wantsDraftKept(location.state);
  const [kept] = useState<ProductDraft | null>(() => (keepDraft ? readDraft() : null));
  useUpgradeOffer();

  useEffect(() => {
    if (!keepDraft) clearDraft();
  }, [keepDraft]);

  function save(values: Partial<ProductFormValues>) {
    writeDraft({
      name: values.name ?? '',
      type: values.type ?? null,
      description: values.description ?? '',
      ...(kept?.productId ? { productId: kept.productId } : {}),
    });
  }

  async function onFinish(values: ProductFormValues) {
    save({ ...values, name: values.name.trim(), description: values.description.trim() });
    toast.success('Product details saved', 'Moving to video upload step');
    await navigate('/onboarding-video-upload');
  }

  return (
    <OnboardingFrame
      step={1}
      title="Tell us about your product"
      lead="A few details help the AI understand your product before it watches your demo video."
    >
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        className="onboarding__form"
        initialValues={
          kept ? { name: kept.name, type: kept.type ?? 'website', description: kept.description } : EMPTY
        }
        onValuesChange={(_changed, all) => save(all)}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item label="Product Name" name="name" rules={productNameRules}>
          <Input placeholder="e.g. Acme Checkout" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Product Type" name="type" rules={productTypeRules}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              {
                value: 'website',
                label: (
                  <span className="onboarding__type-option">
                    <GlobalOutlined {...hidden} /> Website
                  </span>
                ),
              },
              {
                value: 'mobile_app',
                label: (
                  <span className="onboarding__type-option">
                    <MobileOutlined {...hidden} /> Mobile App
                  </span>
                ),
              },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          rules={productDescriptionRules}
          extra="What does your product do, and who uses it? At least 10 characters."
        >
          <Input.TextArea
            rows={4}
            placeholder="e.g. An online store where small teams order office supplies."
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Continue to Video Upload
        </Button>
      </Form>
    </OnboardingFrame>
  );
}
