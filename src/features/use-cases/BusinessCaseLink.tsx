import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { IconBriefcase } from '@tabler/icons-react';

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & React.AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonAnchor.displayName = 'ButtonAnchor';
const ButtonLink = createLink(ButtonAnchor);

/** 'Start a business case' from a library use case or a saved one (the business case page reads the parameter). */
export function BusinessCaseLink({ from }: { from: { useCase: string } | { savedUseCase: string } }) {
  return (
    <ButtonLink to="/dashboard/business-case" search={from} variant="light" color="amber" c="navy.9" leftSection={<IconBriefcase size={18} />}>
      Start a business case
    </ButtonLink>
  );
}
