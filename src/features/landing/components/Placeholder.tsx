import { Skeleton, type SkeletonProps } from '@mantine/core';

/**
 * The landing page's loading placeholder: a Skeleton that holds still. A shimmer restyles
 * every placeholder in every frame, work a phone's main thread does while the page is
 * starting, for a page that usually has its answers within a second.
 */
export function Placeholder(props: SkeletonProps) {
  return <Skeleton animate={false} {...props} />;
}
