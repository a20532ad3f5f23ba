/**
 * The page spec review modal (product-spec §2, §4): the screens the analysis found in one video, each with its
 * screenshot, name and description; the user deletes the ones that do not belong, adds missing ones (the
 * analysis enhances them), and finalizes. While it is open the product is polled every 5 s (§9).
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useDeletePageSpecMutation,
  useEnhancePageSpecMutation,
  useFinalizePageSpecsMutation,
  useGetVideoPageSpecsQuery,
  type VideoPageSpec,
} from '../../api/analysis.api';
import { useGetProductQuery } from '../../api/catalog.api';
import { imageUrl } from '../../api/media.api';
import { toast } from '../../components/toast';
import { markFinalized, showsProcessing } from './finalization-flag';
import { isAddedThisSession, rememberAddedSpec } from './review-session';
import './page-specs.css';

/** product-spec §9: the product is polled every 5 s while the modal is open. */
const PRODUCT_POLL_MS = 5_000;
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export interface PageSpecReviewModalProps {
  productId: string;
  videoId: string;
  /** Cancel or the close button: the user dismissed the review. */
  onDismiss: () => void;
  /** Closed by the finalize (whatever its outcome). */
  onFinalized: () => void;
}

export function PageSpecReviewModal({ productId, videoId, onDismiss, onFinalized }: PageSpecReviewModalProps) {
  const navigate = useNavigate();
  const { data: product } = useGetProductQuery(productId, { pollingInterval: PRODUCT_POLL_MS });
  const specs = useGetVideoPageSpecsQuery(videoId);
  const [finalize, { isLoading: finalizing }] = useFinalizePageSpecsMutation();
  const processing = finalizing || showsProcessing(productId, product?.analysisStatus ?? null);
  const list = [...(specs.data ?? [])].sort((a, b) => a.order - b.order);

  async function onFinalize() {
    markFinalized(productId);
    try {
      await finalize({ productId, videoId }).unwrap();
      toast.success('Page specs finalized');
      onFinalized();
      await navigate('/dashboard');
    } catch {
      // product-spec §8: a finalize error still reads as the softer 'Processing started'.
      toast.info('Processing started');
      onFinalized();
    }
  }

  return (
    <Modal
      open
      width={760}
      className="spec-review"
      title="Review Page Specifications"
      onCancel={onDismiss}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onDismiss}>
          Cancel
        </Button>,
        <Button
          key="finalize"
          type="primary"
          disabled={list.length === 0 || processing}
          loading={finalizing}
          onClick={() => void onFinalize()}
        >
          {processing ? 'Processing...' : 'Finalize Changes'}
        </Button>,
      ]}
    >
      <Alert
        type="info"
        showIcon
        className="spec-review__note"
        title="Check the screens we found in your video"
        description="Remove any screen that does not match your video, and add the screens that are missing. Finalize when the list is right."
      />
      {specs.isLoading ? (
        <div className="spec-review__loading">
          <Spin />
        </div>
      ) : specs.isError ? (
        <p className="spec-review__empty">The page specifications could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="spec-review__empty">No screens are left. Add the screens of your product below.</p>
      ) : (
        <ul className="spec-review__list" aria-label="Identified screens">
          {list.map((spec) => (
            <SpecItem key={spec.id} spec={spec} />
          ))}
        </ul>
      )}
      <AddScreen productId={productId} videoId={videoId} />
    </Modal>
  );
}

function SpecItem({ spec }: { spec: VideoPageSpec }) {
  const [deleteSpec, { isLoading: deleting }] = useDeletePageSpecMutation();

  async function onDelete() {
    try {
      await deleteSpec({ id: spec.id, videoId: spec.videoId }).unwrap();
      toast.success('Page spec deleted');
    } catch {
      toast.error('Error deleting page spec');
    }
  }

  return (
    <li className="spec-item">
      {spec.screenshotKey ? (
        <a
          className="spec-item__shot"
          href={imageUrl(spec.screenshotKey)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <img src={imageUrl(spec.screenshotKey)} alt={`Screenshot of ${spec.screenName}`} loading="lazy" />
        </a>
      ) : (
        <span className="spec-item__shot spec-item__shot--none">
          <PictureOutlined {...hidden} />
          No image
        </span>
      )}
      <div className="spec-item__body">
        <h3 className="spec-item__name">
          {spec.screenName}
          {isAddedThisSession(spec.id) && (
            <Tag className="spec-item__new">
              New
            </Tag>
          )}
        </h3>
        <p className="spec-item__description">{spec.description}</p>
      </div>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined {...hidden} />}
        aria-label={`Delete ${spec.screenName}`}
        loading={deleting}
        onClick={() => void onDelete()}
      />
    </li>
  );
}

function AddScreen({ productId, videoId }: { productId: string; videoId: string }) {
  const [open, setOpen] = useState(false);
  const [screenName, setScreenName] = useState('');
  const [description, setDescription] = useState('');
  const [enhance, { isLoading: adding }] = useEnhancePageSpecMutation();

  function close() {
    setOpen(false);
    setScreenName('');
    setDescription('');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (screenName.trim() === '' || description.trim() === '') {
      toast.error('Missing information', 'Please provide both screen name and description.');
      return;
    }
    try {
      const spec = await enhance({
        productId,
        videoId,
        screenName: screenName.trim(),
        description: description.trim(),
      }).unwrap();
      rememberAddedSpec(spec.id);
      close();
      toast.success('Page spec added');
    } catch {
      toast.error('Error adding page spec');
    }
  }

  if (!open)
    return (
      <Button className="spec-review__add" icon={<PlusOutlined {...hidden} />} onClick={() => setOpen(true)}>
        Add New Screen
      </Button>
    );
  return (
    <form className="spec-add" aria-labelledby="spec-add-title" onSubmit={(event) => void onSubmit(event)}>
      <h3 id="spec-add-title" className="spec-add__title">
        Add New Screen
      </h3>
      <label className="spec-add__label" htmlFor="spec-add-name">
        Screen Name
      </label>
      <Input
        id="spec-add-name"
        value={screenName}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setScreenName(event.target.value)}
      />
      <label className="spec-add__label" htmlFor="spec-add-description">
        Description
      </label>
      <Input.TextArea
        id="spec-add-description"
        value={description}
        rows={3}
        maxLength={5000}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="spec-add__actions">
        <Button onClick={close} disabled={adding}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={adding}>
          Add &amp; Enhance
        </Button>
      </div>
    </form>
  );
}
