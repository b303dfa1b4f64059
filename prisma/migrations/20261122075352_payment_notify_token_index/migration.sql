-- CreateIndex
CREATE INDEX "payments_provider_provider_token_idx" ON "payments"("provider", "provider_token");
