// Said once on /auth after this device's account was deleted (here or on
// another device; see src/sync/forgetDeletedAccount.ts).
import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ACCOUNT_DELETED_KEY } from '@/lib/deletedAccount';

export function AccountDeletedNotice() {
  const [deleted] = useState(() => window.sessionStorage.getItem(ACCOUNT_DELETED_KEY) === 'true');
  useEffect(() => window.sessionStorage.removeItem(ACCOUNT_DELETED_KEY), []);
  if (!deleted) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Your account has been deleted" p="sm" role="status">
      Your account, your tool records and your details on your registrations have been removed, and this device no longer
      holds any of your data. Payment records are kept without your name, as tax law requires.
    </Alert>
  );
}
