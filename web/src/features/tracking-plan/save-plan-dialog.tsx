/**
 * Save Plan (product-spec §2, §5, §7, §8): a 'Plan Name' field; Enter submits; Save is disabled while the name
 * is empty or saving. The saved item holds {title: 'Generated Tracking Plan', events}.
 */
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useId, useState } from 'react';
import { useCreateSavedItemMutation } from '../../api/catalog.api';
import { toast } from '../../components/toast';
import type { PlanEvent } from './plan-content';

export const SAVED_PLAN_TITLE = 'Generated Tracking Plan';

/** The saved item's content, as product-spec §7 describes it. */
export function savedPlanContent(events: PlanEvent[]): string {
  return JSON.stringify({
    title: SAVED_PLAN_TITLE,
    events: events.map((event) => ({
      name: event.name,
      trigger: event.trigger,
      description: event.description,
      ...(event.category ? { category: event.category } : {}),
      screenshot_path: event.screenshot_path,
      properties: event.properties.map((property) => ({
        name: property.name,
        type: property.type,
        description: property.description,
        example: property.example,
        required: property.required,
      })),
      ...(event.evidence ? { evidence: event.evidence } : {}),
    })),
  });
}

export function SavePlanDialog({
  open,
  productId,
  events,
  onClose,
}: {
  open: boolean;
  productId: string;
  events: PlanEvent[];
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [save, { isLoading: saving }] = useCreateSavedItemMutation();
  const inputId = useId();

  async function submit(): Promise<void> {
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error('Name required', 'Please enter a name for your tracking plan.');
      return;
    }
    try {
      await save({
        productId,
        name: trimmed,
        type: 'tracking_plan',
        content: savedPlanContent(events),
      }).unwrap();
      toast.success('Tracking plan saved');
      setName('');
      onClose();
    } catch {
      toast.error('Error saving tracking plan', 'Failed to save tracking plan. Please try again.');
    }
  }

  return (
    <Modal
      open={open}
      title="Save Tracking Plan"
      okText="Save"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: name.trim() === '' || saving, loading: saving }}
      destroyOnHidden
    >
      <div className="save-plan">
        <label htmlFor={inputId} className="save-plan__label">
          Plan Name
        </label>
        <Input
          id={inputId}
          size="large"
          value={name}
          maxLength={200}
          autoFocus
          placeholder="e.g. Checkout funnel v1"
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void submit()}
        />
        <p className="save-plan__hint">
          {events.length} event{events.length === 1 ? '' : 's'} will be kept on the Saved Items page.
        </p>
      </div>
    </Modal>
  );
}
