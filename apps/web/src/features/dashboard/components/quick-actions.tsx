import { Link } from 'react-router';
import { msg } from '@escrow/shared/i18n/msg';
import { Card, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n';
import LinkIcon from 'lucide-react/icons/link';
import ListIcon from 'lucide-react/icons/list';
import PlusIcon from 'lucide-react/icons/plus';
import ShieldIcon from 'lucide-react/icons/shield-check';

const ACTIONS = [
  { to: '/app/transactions', label: msg('My Transactions'), Icon: ListIcon },
  { to: '/app/create-transaction', label: msg('Create Transaction'), Icon: PlusIcon },
  { to: '/app/join-transaction', label: msg('Join Transaction'), Icon: LinkIcon },
  { to: '/app/profile', label: msg('Security Settings'), Icon: ShieldIcon },
];

export function QuickActions() {
  return (
    <Card>
      <CardTitle>{t('Quick Actions')}</CardTitle>
      <ul className="mt-3 grid gap-2">
        {ACTIONS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
            >
              <Icon className="h-5 w-5 text-brand-700" />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
