import { waitFor } from '@testing-library/dom';
import { toast } from './toast';

describe('toast', () => {
  it('should show only one toast at a time', async () => {
    toast.error('Error creating product');
    toast.success('Product created successfully!');
    await waitFor(() => expect(document.body.textContent).toContain('Product created successfully!'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('Error creating product');
  });
});
