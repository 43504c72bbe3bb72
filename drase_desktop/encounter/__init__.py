"""encounter"""
