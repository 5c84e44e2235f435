import FloatingSupport from './FloatingSupport';
import HeaderSupport from './HeaderSupport';

/** The header's and the floating customer-service buttons: one chunk, rendered in the header's slot. */
export default function CustomerServiceButtons() {
  return (
    <>
      <HeaderSupport />
      <FloatingSupport />
    </>
  );
}
