"""Suite-wide settings: no test may depend on the machine's speed, so hypothesis keeps
no per-example deadline and does not fail a test because building its examples was
slow on a loaded machine."""

from hypothesis import HealthCheck, settings

settings.register_profile("grundy", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("grundy")
