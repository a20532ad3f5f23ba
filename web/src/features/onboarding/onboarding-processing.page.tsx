/** `/onboarding-processing` (product-spec §2): the video is in; processing runs without the user. */
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lastCreatedProductId } from '../product/current-product';
import { OnboardingFrame } from './onboarding-frame';
import { clearDraft, readDraft } from './onboarding-draft';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export default function OnboardingProcessingPage() {
  const navigate = useNavigate();
  const [productId] = useState(() => readDraft()?.productId ?? lastCreatedProductId());

  function goToDashboard() {
    clearDraft();
    void navigate(productId ? `/products/${encodeURIComponent(productId)}` : '/dashboard');
  }

  return (
    <OnboardingFrame title="Video Uploaded Successfully!">
      <div className="onboarding__done">
        <CheckCircleFilled {...hidden} className="onboarding__done-icon" />
        <Progress percent={100} status="success" aria-label="Upload progress" style={{ width: '100%' }} />
        <ul className="onboarding__done-list">
          <li>
            <ClockCircleOutlined {...hidden} />
            <span>Processing takes 15-20 minutes while our AI analyses every screen of your video.</span>
          </li>
          <li>
            <ExportOutlined {...hidden} />
            <span>You can close this tab and return later.</span>
          </li>
          <li>
            <BellOutlined {...hidden} />
            <span>You will be notified when processing completes.</span>
          </li>
        </ul>
        <Button type="primary" size="large" onClick={goToDashboard}>
          Go to Dashboard
        </Button>
      </div>
    </OnboardingFrame>
  );
}
