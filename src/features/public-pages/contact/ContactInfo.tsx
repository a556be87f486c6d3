import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandLinkedin, IconBrandX, IconBrandYoutube, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { contactEmailList, contactPhones, officeAddress, socialLinks } from '../contactDetails';
import classes from './ContactInfo.module.css';

const socialIcons = { linkedin: IconBrandLinkedin, x: IconBrandX, youtube: IconBrandYoutube } as const;

/** The organisers' emails, phones, Adelaide office and social channels. */
export function ContactInfo() {
  return (
    <Stack gap="lg" component="section" aria-labelledby="contact-info-title">
      <Title order={2} size="h3" id="contact-info-title" c="white">
        Get in touch
      </Title>

      <InfoRow icon={<IconMail size={20} />} heading="Email">
        {contactEmailList.map((email) => (
          <div key={email.address} className={classes.entry}>
            <Text size="xs" c="navy.1">{email.label}</Text>
            <Anchor href={`mailto:${email.address}`} c="white" size="sm" className={classes.address}>
              {email.address}
            </Anchor>
          </div>
        ))}
      </InfoRow>

      <InfoRow icon={<IconPhone size={20} />} heading="Phone">
        {contactPhones.map((phone) => (
          <div key={phone.dial} className={classes.entry}>
            <Text size="xs" c="navy.1">{phone.label}</Text>
            <Anchor href={`tel:${phone.dial}`} c="white" size="sm">{phone.display}</Anchor>
          </div>
        ))}
      </InfoRow>

      <InfoRow icon={<IconMapPin size={20} />} heading="Office">
        <Text size="sm" component="address" fs="normal">
          {officeAddress.lines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </Text>
      </InfoRow>

      <InfoRow icon={<IconClock size={20} />} heading="Hours">
        <Text size="sm">{officeAddress.hours}</Text>
      </InfoRow>

      <div>
        <Text fw={700} size="sm" mb="xs">Follow us</Text>
        <Group gap="sm">
          {socialLinks.map((link) => {
            const Icon = socialIcons[link.network];
            return (
              <ActionIcon
                key={link.network}
                component="a"
                href={link.url}
                target="_blank"
                rel="noreferrer"
                aria-label={link.label}
                title={link.label}
                size="lg"
                radius="xl"
                variant="white"
                color="navy"
              >
                <Icon size={20} />
              </ActionIcon>
            );
          })}
        </Group>
      </div>
    </Stack>
  );
}

function InfoRow({ icon, heading, children }: { icon: ReactNode; heading: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={40} radius="md" color="amber" c="navy.9" variant="filled">
        {icon}
      </ThemeIcon>
      <div className={classes.rowBody}>
        <Text fw={700} size="sm" mb={4}>{heading}</Text>
        {children}
      </div>
    </Group>
  );
}
