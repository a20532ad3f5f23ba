/** The header's project dropdown (product-spec §2): the user's products with their type, plus 'Create New Project'. */
import DownOutlined from '@ant-design/icons/DownOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useNavigate } from 'react-router-dom';
import { useGetProductsQuery } from '../../api/catalog.api';
import { rememberCurrentProduct } from './current-product';
import { productTypeLabel } from './product-type';

const CREATE_KEY = '__create__';
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export function ProjectMenu({ productId }: { productId?: string }) {
  const navigate = useNavigate();
  const { data: products = [] } = useGetProductsQuery();
  const current = products.find((product) => product.id === productId);

  const items: MenuProps['items'] = [
    ...products.map((product) => ({
      key: product.id,
      label: (
        <span className="project-menu__item">
          <span className="project-menu__name">{product.name}</span>
          <span className="project-menu__type">{productTypeLabel(product.type)}</span>
        </span>
      ),
    })),
    ...(products.length > 0 ? [{ type: 'divider' as const }] : []),
    { key: CREATE_KEY, icon: <PlusOutlined {...hidden} />, label: 'Create New Project' },
  ];

  function onSelect(key: string) {
    if (key === CREATE_KEY) {
      void navigate('/onboarding');
      return;
    }
    rememberCurrentProduct(key);
    void navigate(`/products/${encodeURIComponent(key)}`);
  }

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomLeft"
      menu={{
        items,
        selectable: true,
        selectedKeys: current ? [current.id] : [],
        onClick: ({ key }) => onSelect(key),
      }}
    >
      <button type="button" className="project-menu__trigger">
        <FolderOutlined {...hidden} />
        <span className="visually-hidden">Project: </span>
        <span className="project-menu__current">
          <span className="project-menu__name">{current?.name ?? 'Projects'}</span>
          {current && <span className="project-menu__type">{productTypeLabel(current.type)}</span>}
        </span>
        <DownOutlined {...hidden} className="project-menu__chevron" />
      </button>
    </Dropdown>
  );
}
