/** The one toast helper: product-spec §8 shows only one toast at a time. */
import notification from 'antd/es/notification';

notification.config({ maxCount: 1, placement: 'topRight', duration: 4 });

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, title: string, description?: string): void {
  notification.destroy();
  notification[kind]({ title, description });
}

export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
};
