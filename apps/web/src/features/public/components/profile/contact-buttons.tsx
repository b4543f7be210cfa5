import type { ContactChannel, PublicModel } from "@vitrine/contracts";
import { buttonClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { recordContact } from "@/features/public/api/record-contact";
import { InstagramIcon, PhoneIcon, WhatsAppIcon } from "../icons";
import { instagramHref, phoneHref } from "./contact-links";

/**
 * Contact buttons (WhatsApp, "Ligar", Instagram); each click is also counted as a contact. `whatsappHref` is the
 * page's wa.me link (with the greeting), the same the lightbox offers.
 */
export function ContactButtons({ model, whatsappHref }: { model: PublicModel; whatsappHref: string | null }) {
  const links: Array<{ channel: ContactChannel; href: string | null; label: string; primary?: boolean }> = [
    { channel: "whatsapp", href: whatsappHref, label: "WhatsApp", primary: true },
    { channel: "phone", href: phoneHref(model), label: "Ligar" },
    { channel: "instagram", href: instagramHref(model), label: "Instagram" },
  ];
  const available = links.filter((l) => l.href);
  if (available.length === 0) return null;
  const secondaryCount = available.filter((l) => !l.primary).length;

  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
      {available.map(({ channel, href, label, primary }) => {
        const external = channel !== "phone";
        return (
          <a
            key={channel}
            href={href ?? undefined}
            target={external ? "_blank" : undefined}
            rel={external ? "noopener noreferrer" : undefined}
            onClick={() => recordContact(model.id, channel)}
            className={buttonClasses({
              variant: primary ? "primary" : "secondary",
              size: "lg",
              className: cn(
                primary && "col-span-2 sm:min-w-48",
                // a lone secondary button takes the whole row on phones
                !primary && secondaryCount === 1 && "col-span-2",
              ),
            })}
          >
            {channel === "whatsapp" && <WhatsAppIcon className="size-5" />}
            {channel === "phone" && <PhoneIcon className="size-5" />}
            {channel === "instagram" && <InstagramIcon className="size-5" />}
            {label}
          </a>
        );
      })}
    </div>
  );
}
