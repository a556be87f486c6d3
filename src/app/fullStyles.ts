// Every Mantine component's styles, in Mantine's `mantine` cascade layer.
import '@mantine/core/styles.layer.css';
