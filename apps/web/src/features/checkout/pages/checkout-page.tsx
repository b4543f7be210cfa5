import { type CheckoutBody, CheckoutBodySchema, type CheckoutPixResponse } from "@vitrine/contracts";
import { useState } from "react";
import { Link, useParams } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { ResultPanel } from "@/components/result-panel";
import { Button, buttonClasses, EMAIL_INPUT, Input, PageSpinner } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { useZodForm } from "@/hooks/use-zod-form";
import { ApiError, errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { useCreateCheckoutPix } from "../api/create-checkout-pix";
import { useCreateCheckoutPreference } from "../api/create-checkout-preference";
import { useCheckoutProduct } from "../api/get-checkout-product";
import { ManualPixPanel } from "../components/manual-pix-panel";
import { CHECKOUT_METHODS, type CheckoutMethod, PaymentMethodField } from "../components/payment-method-field";
import { ProductSummary } from "../components/product-summary";
import { ErrorAlert } from "@/components/error-alert";

const PRODUCT_NOT_FOUND = "Produto não encontrado";
const PIX_FAILED = "Erro ao gerar PIX";
const PROVIDER_FAILED = "Erro ao processar pagamento";

/** A product id from the route: a positive integer, else null (no request, the not-found view). */
function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type Buyer = { customer_name: string; customer_email: string; customer_phone: string };
const EMPTY_BUYER: Buyer = { customer_name: "", customer_email: "", customer_phone: "" };

/** The failure text of a payment call; none when the server's field details already say it under the fields. */
function failureText(err: unknown, fallback: string): string | null {
  if (err instanceof ApiError && err.code === "VALIDATION_ERROR" && err.details.length > 0) return null;
  return errorMessage(err, fallback);
}

function CheckoutForm({ productId }: { productId: number }) {
  const [method, setMethod] = useState<CheckoutMethod>("pix_manual");
  const [pix, setPix] = useState<CheckoutPixResponse | null>(null);
  const manual = useCreateCheckoutPix();
  const provider = useCreateCheckoutPreference();
  const active = method === "pix_manual" ? manual : provider;
  const form = useZodForm(CheckoutBodySchema, EMPTY_BUYER, {
    serverErrors: active.error,
    toInput: (values): CheckoutBody => ({ ...values, product_id: productId }),
  });

  // Going to Mercado Pago: the button stays busy until the browser leaves the page.
  const redirecting = provider.isSuccess;
  const busy = active.isPending || redirecting;
  const problem = active.error
    ? failureText(active.error, method === "pix_manual" ? PIX_FAILED : PROVIDER_FAILED)
    : null;
  const action = CHECKOUT_METHODS.find((m) => m.value === method)?.action ?? "";

  function submit(body: CheckoutBody) {
    if (method === "pix_manual") {
      manual.mutate(body, { onSuccess: setPix });
    } else {
      provider.mutate(body, { onSuccess: (data) => window.location.assign(data.init_point) });
    }
  }

  if (pix) return <ManualPixPanel pix={pix} />;

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-labelledby="checkout-buyer-title"
      className="flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-elevated sm:p-6"
    >
      <div>
        <h2 id="checkout-buyer-title" className="font-display text-2xl font-semibold text-ink">
          Seus dados
        </h2>
        <p className="mt-1 text-sm text-ink-muted">Usamos estes dados apenas para identificar o seu pedido.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Nome completo"
          autoComplete="name"
          required
          wrapperClassName="sm:col-span-2"
          {...form.field("customer_name")}
        />
        <Input label="E-mail" {...EMAIL_INPUT} required {...form.field("customer_email")} />
        <Input
          label="Telefone (com DDD)"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="(11) 91234-5678"
          required
          {...form.field("customer_phone")}
        />
      </div>

      <PaymentMethodField
        value={method}
        disabled={busy}
        onChange={(next) => {
          setMethod(next);
          manual.reset();
          provider.reset();
        }}
      />

      {problem && <ErrorAlert>{problem}</ErrorAlert>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={appPaths.home} className={buttonClasses({ variant: "ghost" })}>
          Cancelar
        </Link>
        <Button type="submit" loading={busy} loadingText={redirecting ? "Redirecionando..." : "Aguarde..."}>
          {action}
        </Button>
      </div>
    </form>
  );
}

function NotFound() {
  return (
    <ResultPanel
      tone="neutral"
      title={PRODUCT_NOT_FOUND}
      actions={
        <Link to={appPaths.home} className={buttonClasses()}>
          Voltar ao Início
        </Link>
      }
    >
      <p>Este produto não existe ou não está mais à venda.</p>
    </ResultPanel>
  );
}

/** Checkout (/checkout/:productId): the product, the buyer's data and the Pix payment. */
export function CheckoutPage() {
  const params = useParams();
  const productId = parseProductId(params.productId);
  const product = useCheckoutProduct(productId);
  usePageTitle(product.data ? `Comprar ${product.data.product.name}` : "Checkout");

  if (productId === null || product.isError) {
    return (
      <PageContainer size="md">
        <NotFound />
      </PageContainer>
    );
  }
  if (!product.data) return <PageSpinner label="Carregando produto..." />;

  return (
    <PageContainer>
      <PageHeader
        eyebrow="Pagamento seguro"
        title="Checkout"
        description="Confira o produto, informe seus dados e pague com PIX."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="lg:sticky lg:top-24">
          <ProductSummary product={product.data.product} />
        </div>
        <CheckoutForm productId={productId} />
      </div>
    </PageContainer>
  );
}
