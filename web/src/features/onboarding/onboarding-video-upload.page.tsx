/**
 * Onboarding step 2 `/onboarding-video-upload` (product-spec §2, §4 Onboarding): the draft's summary, the video
 * chooser and the way on. 'Upload & Continue' runs the checks of §5, creates the product, uploads the video with
 * a progress bar and registers it; 'Skip for Now' creates the product without a video. A product created before
 * a failed upload is kept in the draft, so that trying again does not create a second one.
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { isApiError } from '../../api/base-query';
import { useCreateProductWithoutVideoMutation, type ProductType } from '../../api/catalog.api';
import { toast } from '../../components/toast';
import { rememberCreatedProduct } from '../product/current-product';
import { productTypeLabel } from '../product/product-type';
import { isUpgradeError, serverErrorText, useVideoChecks, useVideoUpload } from '../product/use-video-upload';
import { videoFileProblem } from '../product/video-checks';
import { sizeInMb } from '../../lib/file-size';
import { OnboardingFrame } from './onboarding-frame';
import {
  clearDraft,
  isCompleteDraft,
  readDraft,
  writeDraft,
  type KeepDraftState,
  type ProductDraft,
} from './onboarding-draft';

const KEEP_DRAFT: KeepDraftState = { keepDraft: true };
/** A 45-second recording of a demo shop the project records itself (web/public), to watch or to upload. */
const SAMPLE_VIDEO = '/sample-demo.mp4';
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

type CompleteDraft = ProductDraft & { type: ProductType };

export default function OnboardingVideoUploadPage() {
  const [draft] = useState(readDraft);
  const complete = draft !== null && isCompleteDraft(draft);

  useEffect(() => {
    if (draft && !complete)
      toast.error('Missing product information', 'Please complete the product details first');
  }, [draft, complete]);

  if (!draft) return <Navigate to="/onboarding-name" replace />;
  if (!complete || draft.type === null) return <Navigate to="/onboarding-name" replace state={KEEP_DRAFT} />;
  return <VideoUploadStep draft={{ ...draft, type: draft.type }} />;
}

function VideoUploadStep({ draft }: { draft: CompleteDraft }) {
  const navigate = useNavigate();
  const [createProduct, { isLoading: creating }] = useCreateProductWithoutVideoMutation();
  const checkVideo = useVideoChecks();
  const { progress, uploading, upload } = useVideoUpload();
  const [file, setFile] = useState<File | null>(null);
  const [working, setWorking] = useState(false);
  // The product once it exists, from the draft of an earlier attempt or created here.
  const productId = useRef(draft.productId);
  const busy = working || creating || uploading;

  /** The product's id, creating it first when this draft has none yet; null when that fails (and was said). */
  async function ensureProduct(): Promise<string | null> {
    if (productId.current) return productId.current;
    try {
      const product = await createProduct({
        name: draft.name,
        type: draft.type,
        description: draft.description,
      }).unwrap();
      rememberCreatedProduct(product);
      productId.current = product.id;
      writeDraft({ ...draft, productId: product.id });
      return product.id;
    } catch (error) {
      toast.error('Error creating product', isApiError(error) ? error.message : undefined);
      return null;
    }
  }

  async function onUpload() {
    setWorking(true);
    try {
      if (await uploadChosenFile()) {
        toast.success('Video uploaded successfully!');
        clearDraft();
        await navigate('/onboarding-processing');
      }
    } finally {
      setWorking(false);
    }
  }

  /** Checks, creates the product when needed, uploads; false when something stopped it (and was said). */
  async function uploadChosenFile(): Promise<boolean> {
    if (!(await checkVideo(file)) || !file) return false;
    const id = await ensureProduct();
    if (!id) return false;
    try {
      await upload(id, file);
      return true;
    } catch (error) {
      // An upgrade-required refusal has opened the upgrade dialog instead.
      if (!isUpgradeError(error)) toast.error('Upload failed', serverErrorText(error));
      return false;
    }
  }

  async function onSkip() {
    const id = await ensureProduct();
    if (!id) return;
    toast.success('Product created successfully!');
    clearDraft();
    await navigate(`/products/${encodeURIComponent(id)}`);
  }

  return (
    <OnboardingFrame
      step={2}
      title="Upload Demo Video"
      lead="Our AI watches your demo to map every screen, then turns it into tracking plans and KPIs."
    >
      <Alert
        className="onboarding__tip"
        type="info"
        showIcon
        title="Tip: record yourself using the product"
        description={
          <>
            Walk through the main screens the way a customer would, narrating what you do.{' '}
            <a className="onboarding__tip-link" href={SAMPLE_VIDEO} target="_blank" rel="noopener noreferrer">
              Watch a sample video
            </a>
          </>
        }
      />

      <section className="onboarding__summary" aria-label="Product details">
        <dl>
          <dt>Name</dt>
          <dd>{draft.name}</dd>
          <dt>Type</dt>
          <dd>{productTypeLabel(draft.type)}</dd>
          <dt>Description</dt>
          <dd className="onboarding__summary-description">{draft.description}</dd>
        </dl>
      </section>

      <VideoPicker file={file} onChange={setFile} disabled={busy} />

      {progress !== null && (
        <Progress
          className="onboarding__progress"
          percent={progress}
          status={uploading ? 'active' : undefined}
          aria-label="Upload progress"
        />
      )}

      <div className="onboarding__actions">
        <Button
          size="large"
          icon={<ArrowLeftOutlined {...hidden} />}
          disabled={busy}
          onClick={() => void navigate('/onboarding-name', { state: KEEP_DRAFT })}
        >
          Back
        </Button>
        <div className="onboarding__actions-end">
          <Button size="large" disabled={busy} onClick={() => void onSkip()}>
            Skip for Now
          </Button>
          <Button size="large" type="primary" loading={busy} onClick={() => void onUpload()}>
            Upload &amp; Continue
          </Button>
        </div>
      </div>
    </OnboardingFrame>
  );
}

function VideoPicker({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);

  function onPicked(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const problem = videoFileProblem(picked);
    if (problem) {
      toast.error(problem.title, problem.description);
      return;
    }
    onChange(picked);
  }

  return (
    <div className="video-picker">
      <VideoCameraOutlined {...hidden} className="video-picker__icon" />
      {file ? (
        <div>
          <p className="video-picker__file">{file.name}</p>
          <p className="video-picker__size">{sizeInMb(file.size)}</p>
        </div>
      ) : (
        <p>Choose the demo video of your product</p>
      )}
      <input
        ref={input}
        type="file"
        accept="video/*"
        aria-label="Video file"
        tabIndex={-1}
        className="video-picker__input"
        onChange={onPicked}
      />
      <Button disabled={disabled} onClick={() => input.current?.click()}>
        {file ? 'Choose Different File' : 'Choose Video File'}
      </Button>
      <ul className="video-picker__hints">
        <li>Supported formats: MP4, MOV, AVI, WebM</li>
        <li>Maximum file size: 500MB</li>
        <li>Free plan: Videos up to 5 minutes</li>
      </ul>
    </div>
  );
}
