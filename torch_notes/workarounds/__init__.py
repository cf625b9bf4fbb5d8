"""workarounds"""
