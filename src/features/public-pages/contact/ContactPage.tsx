import { Container, Paper, Text, Title } from '@mantine/core';
import { ContactForm } from './ContactForm';
import { ContactInfo } from './ContactInfo';
import classes from './ContactPage.module.css';

export function ContactPage() {

  return (
    <Container size="lg" className={classes.container}>
      <div className={classes.intro}>
        <Title order={1} className={classes.title}>Contact Us</Title>
        <Text c="dimmed" mt="xs" maw={620}>
          Questions about the masterclass, group registrations or partnering with us? Send us a message and our team
          will reply within two business days.
        </Text>
      </div>

      <Paper radius={0} className={classes.card}>
        <div className={classes.formPane}>
          <ContactForm />
        </div>
        <div className={classes.infoPane}>
          <ContactInfo />
        </div>
      </Paper>
    </Container>
  );
}
