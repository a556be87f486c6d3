// The signed-in administrator's name, company and avatar for the shell's
// footer: the stored session's copy at once, then the server's current one.
import { useEffect, useState } from 'react';
import { pb } from '@/lib/pocketbase';
import { currentUser } from '@/lib/session';

export interface AdminProfile {
  id: string;
  email: string;
  fullName: string;
  company: string;
  avatarUrl: string;
}

function fromRecord(record: Record<string, unknown> | null): AdminProfile | null {
  if (!record) return null;
  const text = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : '');
  return { id: text('id'), email: text('email'), fullName: text('full_name'), company: text('company'), avatarUrl: text('avatar_url') };
}

export function useAdminProfile(): AdminProfile | null {
  const [profile, setProfile] = useState<AdminProfile | null>(() => fromRecord(currentUser()));
  const userId = profile?.id ?? '';
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    pb.collection('users')
      .getOne(userId, { fields: 'id,email,full_name,company,avatar_url' })
      .then((record) => {
        if (!cancelled) setProfile((previous) => ({ ...fromRecord(record)!, email: record.email || previous?.email || '' }));
      })
      .catch(() => {
        // offline or refused: the stored copy stays
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return profile;
}
