import { DELIVERY_WINDOW } from "#common/fulfilment";

/** The shop's public details: every page reads them from here. */
export const brand = {
  name: "Squeeze",
  tagline: "Revitalize your senses, one sip at a time.",
  ownerFirstName: "Maya",
  copyrightYear: 2025,
  foundedYear: 2017,
  region: "California",
  phone: { display: "+1 714 215 4499", href: "tel:+17142154499" },
  email: { display: "hello@squeeze-juice.example", href: "mailto:hello@squeeze-juice.example" },
  address: {
    display: "512 South Brookhurst st #4 Anaheim, CA, 92804",
    href: "https://www.google.com/maps/search/?api=1&query=512%20South%20Brookhurst%20st%20%234%20Anaheim%2C%20CA%2C%2092804",
  },
  socials: [
    { name: "Instagram", href: "https://www.instagram.com/squeezejuicebar" },
    { name: "Facebook", href: "https://www.facebook.com/squeezejuicebar" },
    { name: "Google Maps", href: "https://maps.google.com/?cid=squeezejuicebar" },
  ],
  deliveryWindow: DELIVERY_WINDOW,
} as const;
