/**
 * 'Save Content' (product-spec §2, §5, §7): asks for a name, trimmed and non-empty; Enter submits; Save is
 * disabled while the name is empty or saving. The item goes to the product's Saved page.
 */
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useId, useState } from 'react';
import { useCreateSavedItemMutation, type SavedItemType } from '../../api/catalog.api';
import { toast } from '../../components/toast';
import type { SavedContent } from './table-data';
import './chat.css';

const SAVED_TOAST: Record<SavedItemType, string> = {
  tracking_plan: 'Tracking plan saved',
  analytics_strategy: 'Strategy saved',
  user_flow: 'User flow saved',
};

export function SaveContentDialog({
  productId,
  item,
  onClose,
}: {
  productId: string;
  /** What to save; null while the dialog is closed. */
  item: SavedContent | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [save, { isLoading: saving }] = useCreateSavedItemMutation();
  const inputId = useId();

  async function submit(): Promise<void> {
    if (saving || !item) return;
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error('Name required', 'Please enter a name.');
      return;
    }
    try {
      await save({ productId, name: trimmed, type: item.type, content: item.content }).unwrap();
      toast.success(SAVED_TOAST[item.type]);
      setName('');
      onClose();
    } catch {
      toast.error('Error saving content', 'Failed to save. Please try again.');
    }
  }

  return (
    <Modal
      open={item !== null}
      title="Save Content"
      okText="Save"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: name.trim() === '' || saving, loading: saving }}
      destroyOnHidden
    >
      <div className="save-content">
        <label htmlFor={inputId} className="save-content__label">
          Name
        </label>
        <Input
          id={inputId}
          size="large"
          value={name}
          maxLength={200}
          autoFocus
          placeholder="e.g. Activation KPIs"
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void submit()}
        />
        <p className="save-content__hint">It will be kept on the Saved Items page.</p>
      </div>
    </Modal>
  );
}
