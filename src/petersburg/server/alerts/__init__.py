"""Turn alerts away from the page (e-mail, Web Push, webhooks), their durable queue, and the
account's verified e-mail address with the password reset it makes possible."""
