import { Button, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AuthLayout } from './components/AuthLayout';
import { NewPasswordForm } from './components/NewPasswordForm';
import { ResetRequestForm } from './components/ResetRequestForm';
import responsive from '@/components/responsive.module.css';

/** /reset-password: the request form, or with the emailed token the new-password form (DESIGN decision 7). */
export function ResetPasswordPage({ token }: { token: string | null }) {
  return (
    <AuthLayout subtitle="Attendee portal">
      <Stack gap="lg">
        <Title order={1} className={responsive.fontSize22to26} c="navy.9">
          {token ? 'Set a New Password' : 'Reset Your Password'}
        </Title>
        {token ? <NewPasswordForm key={token} token={token} /> : <ResetRequestForm />}
        <Button component={Link} to="/auth" variant="subtle" size="md" leftSection={<IconArrowLeft size={18} />}>
          Back to Sign In
        </Button>
      </Stack>
    </AuthLayout>
  );
}
